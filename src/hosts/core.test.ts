import { createEmptyResponse, type EventDecision } from '../contract';
import { createJsonLogger, type LogLevel } from '../observability/logger';
import { WebhookCore } from './core';

const event = { session_variables: { 'state.currentEvent': 'CALL_STARTED' } };

describe('WebhookCore.onEvent', () => {
  it('counts an invalid request and hands its error back to the host', async () => {
    const core = new WebhookCore();
    const error = { status: 415 };
    expect(await core.onEvent({ ok: false, error })).toEqual({ ok: false, error });
    expect(core.metrics.snapshot()).toMatchObject({
      rulehook_invalid_events_total: 1,
      rulehook_events_total: 0,
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
    const core = new WebhookCore({ logger, processor });
    core.setProcessor(processor, 'rev-1');
    const decisions: EventDecision[] = [];
    core.setDecisionTap((d) => decisions.push(d));
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
    core.setDecisionTap(() => {
      throw new Error('disk');
    });
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
