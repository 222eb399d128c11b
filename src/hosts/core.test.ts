import { createEmptyResponse, type EventDecision } from '../contract';
import { createJsonLogger, type LogLevel } from '../observability/logger';
import { WebhookCore } from './core';
import { MAX_EVENT_LABELS } from './core-metrics';

const event = { session_variables: { 'state.currentEvent': 'CALL_STARTED' } };

describe('WebhookCore.onEvent', () => {
  it('counts an invalid request and hands its error back to the host', async () => {
    const core = new WebhookCore();
    const error = { status: 415 };
    expect(await core.onEvent({ ok: false, error })).toEqual({ ok: false, error });
    expect(core.metrics.snapshot()).toMatchObject({
      rulehook_invalid_events_total: 1,
      'rulehook_events_total{event="",outcome="invalid"}': 1,
      'rulehook_events_total{event="other",outcome="answered"}': 0,
      rulehook_events_total: 1,
    });
  });

  it('counts the event and its unknown fields, and formats the rules that fired', async () => {
    const response = { ...createEmptyResponse(), result_message: 'x' };
    const core = new WebhookCore({
      processor: { process: () => ({ response, fired: ['a/x', 'b/y'] }) },
      exposeFiredRules: true,
    });
    const reply = await core.onEvent({ ok: true, value: event, unknownFields: 2 });
    expect(reply).toEqual({ ok: true, response, firedRules: 'a/x,b/y' });
    expect(core.metrics.snapshot()).toMatchObject({
      rulehook_events_total: 1,
      rulehook_unknown_fields_total: 2,
      rulehook_invalid_events_total: 0,
    });
  });

  it('answers at once a processor that answers at once, and through a promise one that does not', async () => {
    const response = createEmptyResponse();
    const now = new WebhookCore({ processor: { process: () => ({ response, fired: [] }) } });
    const reply = now.answer({ ok: true, value: event, unknownFields: 0 });
    expect(reply).toEqual({ ok: true, response, firedRules: undefined });
    const failing = new WebhookCore({
      processor: {
        process: () => {
          throw new Error('bug');
        },
      },
    });
    expect(failing.answer({ ok: true, value: event, unknownFields: 0 })).toMatchObject({ ok: true });
    const later = new WebhookCore({ processor: { process: async () => ({ response, fired: ['a/x'] }) } });
    const pending = later.answer({ ok: true, value: event, unknownFields: 0 });
    expect(pending).toBeInstanceOf(Promise);
    expect(await pending).toEqual({ ok: true, response, firedRules: undefined });
    const outcomes = (core: WebhookCore) =>
      Object.entries(core.metrics.snapshot()).filter(
        ([name, n]) => name.startsWith('rulehook_events_total{') && n,
      );
    expect(outcomes(now)).toEqual([['rulehook_events_total{event="other",outcome="answered"}', 1]]);
    expect(outcomes(failing)).toEqual([['rulehook_events_total{event="other",outcome="failed"}', 1]]);
    expect(outcomes(later)).toEqual([['rulehook_events_total{event="other",outcome="answered"}', 1]]);
  });

  it('finishes an event in flight on the processor it started with when another is installed', async () => {
    let finish: () => void = () => {};
    const old = {
      process: () =>
        new Promise<{ response: ReturnType<typeof createEmptyResponse>; fired: string[] }>((resolve) => {
          finish = () => resolve({ response: createEmptyResponse(), fired: ['old/rule'] });
        }),
    };
    const core = new WebhookCore({ exposeFiredRules: true });
    core.setProcessor(old, 'r1');
    const inFlight = core.onEvent({ ok: true, value: event, unknownFields: 0 });
    core.setProcessor({ process: () => ({ response: createEmptyResponse(), fired: ['new/rule'] }) }, 'r2');
    expect(core.revision).toBe('r2');
    const next = await core.onEvent({ ok: true, value: event, unknownFields: 0 });
    finish();
    expect(await inFlight).toMatchObject({ firedRules: 'old/rule' });
    expect(next).toMatchObject({ firedRules: 'new/rule' });
  });

  it('sends an empty fired-rules value when exposed and no rule fired', async () => {
    const reply = await new WebhookCore({ exposeFiredRules: true }).onEvent({
      ok: true,
      value: event,
      unknownFields: 0,
    });
    expect(reply).toEqual({ ok: true, response: createEmptyResponse(), firedRules: '' });
  });

  it('sends no fired-rules value by default, whatever fired: fired rules are exposed only when asked', async () => {
    const response = createEmptyResponse();
    const core = new WebhookCore({ processor: { process: () => ({ response, fired: ['a/x'] }) } });
    expect(await core.onEvent({ ok: true, value: event, unknownFields: 0 })).toEqual({
      ok: true,
      response,
      firedRules: undefined,
    });
  });

  it.each([
    [undefined, 200],
    ['open', 200],
    ['closed', 500],
  ] as const)(
    'answers by the fail policy %s (result_code %i) when the processor throws, and counts it',
    async (failPolicy, code) => {
      const core = new WebhookCore({
        ...(failPolicy === undefined ? {} : { failPolicy }),
        processor: {
          process: () => {
            throw new Error('bug');
          },
        },
      });
      const reply = await core.onEvent({ ok: true, value: event, unknownFields: 0 });
      expect(reply).toEqual({
        ok: true,
        response: { ...createEmptyResponse(), result_code: code },
        firedRules: undefined,
      });
      expect(core.metrics.snapshot()).toMatchObject({ rulehook_event_failures_total: 1 });
    },
  );
});

describe('WebhookCore reports', () => {
  function jsonLogger(level: LogLevel) {
    const lines: string[] = [];
    const logger = createJsonLogger({ write: (t: string) => lines.push(t) }, level);
    return { logger, parsed: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
  }
  const response = { ...createEmptyResponse(), result_code: 200 };
  const processor = { process: () => ({ response, fired: ['a/x'] }) };
  const received = { session_variables: { 'state.currentEvent': 'CALL_STARTED', 'call.ani': '+1555' } };
  const mask = (v: Record<string, string>) => ({ ...v, 'call.ani': '***' });

  it('logs each event at debug: request id, the revision at the time, fired rules, masked variables', async () => {
    const { logger, parsed } = jsonLogger('debug');
    const core = new WebhookCore({ logger, processor, maskVariables: mask });
    core.setProcessor(processor, 'rev-1');
    await core.onEvent({ ok: true, value: received, unknownFields: 0 }, 'from-engine');
    core.setProcessor(processor, 'rev-2');
    await core.onEvent({ ok: true, value: received, unknownFields: 0 });
    const [first, second] = parsed();
    expect(first).toMatchObject({
      level: 'debug',
      msg: 'event answered',
      request_id: 'from-engine',
      revision: 'rev-1',
      event: 'CALL_STARTED',
      fired: ['a/x'],
      result_code: 200,
      variables: { 'state.currentEvent': 'CALL_STARTED', 'call.ani': '***' },
    });
    expect(first!.duration_ms).toEqual(expect.any(Number));
    expect(second).toMatchObject({ revision: 'rev-2', request_id: expect.stringMatching(/^[\w-]{8}-1$/) });
    expect(received.session_variables['call.ani']).toBe('+1555');
  });

  it('writes no line per event at info, and does not even read the clock', async () => {
    const { logger, parsed } = jsonLogger('info');
    const core = new WebhookCore({ logger, processor });
    const now = jest.spyOn(performance, 'now');
    await core.onEvent({ ok: true, value: received, unknownFields: 0 });
    expect(now).not.toHaveBeenCalled();
    now.mockRestore();
    expect(parsed()).toEqual([]);
  });

  it('gives each decision to the decision tap, unmasked (the log masks), and survives a throwing tap', async () => {
    const { logger, parsed } = jsonLogger('info');
    const decisions: EventDecision[] = [];
    let failing = false;
    const decisionTap = (d: EventDecision) => {
      if (failing) throw new Error('disk');
      decisions.push(d);
    };
    const core = new WebhookCore({ logger, processor, revision: 'rev-1', decisionTap });
    await core.onEvent({ ok: true, value: received, unknownFields: 0 }, 'r-1');
    expect(decisions).toEqual([
      {
        time: expect.any(Number),
        requestId: 'r-1',
        revision: 'rev-1',
        durationMs: expect.any(Number),
        variables: received.session_variables,
        fired: ['a/x'],
        response,
      },
    ]);
    failing = true;
    const reply = await core.onEvent({ ok: true, value: received, unknownFields: 0 }, 'r-2');
    expect(reply.ok).toBe(true);
    expect(parsed()).toEqual([
      expect.objectContaining({
        level: 'error',
        msg: 'decision tap failed',
        request_id: 'r-2',
        revision: 'rev-1',
      }),
    ]);
  });

  it('puts the request id and revision in the line of a failed event', async () => {
    const { logger, parsed } = jsonLogger('info');
    const core = new WebhookCore({ logger });
    core.setProcessor({ process: () => Promise.reject(new Error('bug')) }, 'rev-9');
    await core.onEvent({ ok: true, value: received, unknownFields: 0 }, 'r-7');
    expect(parsed()).toEqual([
      expect.objectContaining({ level: 'error', request_id: 'r-7', revision: 'rev-9', policy: 'open' }),
    ]);
  });
});

describe('WebhookCore metrics and readiness', () => {
  const answer = { process: () => ({ response: createEmptyResponse(), fired: [] }) };
  const send = (core: WebhookCore, name: string) =>
    core.onEvent({
      ok: true,
      value: { session_variables: { 'state.currentEvent': name } },
      unknownFields: 0,
    });

  it('labels events with the names its processor knows, and every other name `other`', async () => {
    const core = new WebhookCore({ processor: { ...answer, eventNames: new Set(['CALL_STARTED']) } });
    await send(core, 'CALL_STARTED');
    await send(core, 'made-up-1');
    await send(core, 'made-up-2');
    const snapshot = core.metrics.snapshot();
    expect(snapshot).toMatchObject({
      'rulehook_events_total{event="CALL_STARTED",outcome="answered"}': 1,
      'rulehook_events_total{event="other",outcome="answered"}': 2,
    });
    expect(Object.keys(snapshot).filter((k) => k.includes('made-up'))).toEqual([]);
  });

  it('gives at most MAX_EVENT_LABELS names series of their own, in the order the processor lists them', async () => {
    const names = Array.from({ length: MAX_EVENT_LABELS + 5 }, (_, i) => `E${i}`);
    const core = new WebhookCore({ processor: { ...answer, eventNames: new Set(names) } });
    await send(core, `E${MAX_EVENT_LABELS - 1}`);
    await send(core, `E${MAX_EVENT_LABELS}`);
    const snapshot = core.metrics.snapshot();
    expect(snapshot).toMatchObject({
      [`rulehook_events_total{event="E${MAX_EVENT_LABELS - 1}",outcome="answered"}`]: 1,
      'rulehook_events_total{event="other",outcome="answered"}': 1,
    });
    expect(Object.keys(snapshot).filter((k) => k.includes(`"E${MAX_EVENT_LABELS}"`))).toEqual([]);
  });

  it('counts the fail policy answer as the `failed` outcome of the event name', async () => {
    const failing = {
      eventNames: new Set(['CALL_STARTED']),
      process: () => {
        throw new Error('bug');
      },
    };
    const core = new WebhookCore({ processor: failing });
    await send(core, 'CALL_STARTED');
    expect(core.metrics.snapshot()).toMatchObject({
      'rulehook_events_total{event="CALL_STARTED",outcome="failed"}': 1,
      'rulehook_events_total{event="CALL_STARTED",outcome="answered"}': 0,
    });
  });

  it('counts a refusal for load as the `shed` outcome', () => {
    const core = new WebhookCore({ maxInflightEvents: 1 });
    expect([core.admission.tryAdmit('a'), core.admission.tryAdmit('b')]).toEqual([
      undefined,
      'max-inflight-events',
    ]);
    expect(core.metrics.snapshot()).toMatchObject({
      rulehook_shed_events_total: 1,
      'rulehook_events_total{event="",outcome="shed"}': 1,
    });
  });

  it('is loading, then ready once a processor is installed, then draining for good, telling listeners', () => {
    const core = new WebhookCore();
    const seen: string[] = [];
    core.readiness.subscribe((status) => seen.push(status));
    expect([core.readiness.status, core.ready]).toEqual(['loading', false]);
    core.setProcessor(answer, 'a'.repeat(64));
    expect([core.readiness.status, core.ready]).toEqual(['ready', true]);
    core.startDraining();
    core.setProcessor(answer, 'b'.repeat(64));
    expect([core.readiness.status, core.ready]).toEqual(['draining', false]);
    expect(seen).toEqual(['ready', 'draining']);
  });

  it('shows the revision of the rules being served, following every setProcessor', async () => {
    const core = new WebhookCore();
    expect(await core.metrics.render()).not.toMatch(/^rulehook_rules_revision_info\{/m);
    core.setProcessor(answer, '0123456789ab'.padEnd(64, 'f'));
    expect(await core.metrics.render()).toMatch(
      /^rulehook_rules_revision_info\{revision="0123456789ab"\} 1$/m,
    );
    core.setProcessor(answer, 'ba9876543210'.padEnd(64, 'f'));
    const text = await core.metrics.render();
    expect(text).toMatch(/^rulehook_rules_revision_info\{revision="ba9876543210"\} 1$/m);
    expect(text).not.toContain('0123456789ab');
  });
});
