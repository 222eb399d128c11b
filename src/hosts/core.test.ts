import { createEmptyResponse } from '../contract';
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
