import { createEmptyResponse } from '../contract';
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
    const core = new WebhookCore({ processor: { process: () => ({ response, fired: ['a/x', 'b/y'] }) } });
    const reply = await core.onEvent({ ok: true, value: event, unknownFields: 2 });
    expect(reply).toEqual({ ok: true, response, firedRules: 'a/x,b/y' });
    expect(core.metrics.snapshot()).toMatchObject({
      rulehook_events_total: 1,
      rulehook_unknown_fields_total: 2,
      rulehook_invalid_events_total: 0,
    });
  });

  it('sends no fired-rules value when no rule fired', async () => {
    const reply = await new WebhookCore().onEvent({ ok: true, value: event, unknownFields: 0 });
    expect(reply).toEqual({ ok: true, response: createEmptyResponse(), firedRules: undefined });
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
    expect([core.admission.tryAdmit(), core.admission.tryAdmit()]).toEqual([true, false]);
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
