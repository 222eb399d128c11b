import { createEmptyResponse } from '../../contract/types';
import { WebhookCallError } from '../../simulation/webhook-failure';
import { describeWebhookFailure, GuardedWebhook } from './sandbox-webhook';

const VARIABLES = { 'state.currentEvent': 'CALL_STARTED' };

describe('GuardedWebhook', () => {
  it('records no outcome without a webhook: the events are sent nowhere', async () => {
    const guarded = new GuardedWebhook(undefined);
    expect((await guarded.call('s', VARIABLES)).response).toEqual(createEmptyResponse());
    expect(guarded.takeOutcome('s')).toBeUndefined();
  });

  it('keeps a failed call as no answer with its kind, and hands the engine the empty response', async () => {
    const guarded = new GuardedWebhook({
      call: () => Promise.reject(new WebhookCallError('timeout', 'no answer within 50 ms')),
    });
    expect((await guarded.call('s', VARIABLES)).response).toEqual(createEmptyResponse());
    expect(guarded.takeOutcome('s')).toEqual({
      response: undefined,
      fired: null,
      failure: { kind: 'timeout', message: 'no answer within 50 ms' },
    });
    expect(guarded.takeOutcome('s')).toBeUndefined();
  });

  it('calls anything else a webhook throws internal', async () => {
    const guarded = new GuardedWebhook({
      call: () => {
        throw new TypeError('boom');
      },
    });
    await guarded.call('s', VARIABLES);
    expect(guarded.takeOutcome('s')?.failure).toEqual({ kind: 'internal', message: 'boom' });
  });

  it('keeps an answer whose result_code is not 200, with its message, and does not apply it', async () => {
    const response = { ...createEmptyResponse(), result_code: 503, result_message: 'busy' };
    response.nodes_to_override = [{ node_names: ['Verify'], enable: false }];
    const guarded = new GuardedWebhook({ call: () => ({ response, fired: ['r/a'] }) });
    expect((await guarded.call('s', VARIABLES)).response).toEqual(createEmptyResponse());
    const outcome = guarded.takeOutcome('s')!;
    expect(outcome).toEqual({
      response,
      fired: ['r/a'],
      failure: { kind: 'result_code', message: 'result_code 503: busy' },
    });
    expect(describeWebhookFailure(outcome.failure!)).toBe(
      "result_code 503: busy: the answer's instructions are not applied",
    );
  });

  it('passes a 200 answer through, with no failure', async () => {
    const response = { ...createEmptyResponse(), session_variable_updates: [{ key: 'a', value: '1' }] };
    const guarded = new GuardedWebhook({ call: () => ({ response, fired: null }) });
    expect((await guarded.call('s', VARIABLES)).response).toBe(response);
    expect(guarded.takeOutcome('s')).toEqual({ response, fired: null, failure: undefined });
  });
});
