import { createEmptyResponse } from '../../contract';
import type { TargetClient, TargetReply } from './target-client';
import { parseFiredHeader } from './target-client';
import { TargetWebhook } from './target-webhook';

function fakeClient(reply: (n: number) => Promise<TargetReply>) {
  let calls = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  const client: TargetClient = {
    async send() {
      maxInFlight = Math.max(maxInFlight, ++inFlight);
      try {
        return await reply(++calls);
      } finally {
        inFlight--;
      }
    },
    probe: async () => true,
    close: () => undefined,
  };
  return { client, maxInFlight: () => maxInFlight };
}

const ok = (firedHeader?: string): Promise<TargetReply> =>
  new Promise((resolve) => setTimeout(() => resolve({ response: createEmptyResponse(), firedHeader }), 2));

describe('TargetWebhook', () => {
  it('reads fired rules from the header, none from an empty one', async () => {
    const webhook = new TargetWebhook(fakeClient(async (n) => ok(n === 1 ? 'a/x,b/y' : '')).client, {
      url: 'u',
      concurrency: 1,
      reportsFired: true,
    });
    expect((await webhook.call('s', {})).fired).toEqual(['a/x', 'b/y']);
    expect((await webhook.call('s', {})).fired).toEqual([]);
    expect(webhook.takeFiredHidden('s')).toBe(false);
    expect(webhook.report().firedHidden).toBe(0);
  });

  it('marks and counts the answers of a rulehook target that sends no header: fired unknown, not failed', async () => {
    const webhook = new TargetWebhook(fakeClient(async (n) => ok(n === 1 ? 'a/x' : undefined)).client, {
      url: 'u',
      concurrency: 1,
      reportsFired: true,
    });
    expect(await webhook.call('s-1', {})).toMatchObject({ fired: ['a/x'] });
    expect(webhook.takeFiredHidden('s-1')).toBe(false);
    expect(await webhook.call('s-2', {})).toEqual({ response: createEmptyResponse(), fired: null });
    expect(webhook.takeFiredHidden('s-2')).toBe(true);
    expect(webhook.takeFiredHidden('s-2')).toBe(false);
    expect(webhook.report()).toMatchObject({ requests: 2, failures: 0, firedHidden: 1 });
  });

  it('keeps at most `concurrency` calls in flight', async () => {
    const fake = fakeClient(() => ok());
    const webhook = new TargetWebhook(fake.client, { url: 'u', concurrency: 3, reportsFired: true });
    await Promise.all(Array.from({ length: 20 }, (_, i) => webhook.call(`s${i}`, {})));
    expect(fake.maxInFlight()).toBe(3);
    expect(webhook.report()).toMatchObject({ requests: 20, failures: 0 });
    expect(webhook.latency.count).toBe(20);
  });

  it('answers a failed call with an empty response, keeps its error for the session, and counts it', async () => {
    const webhook = new TargetWebhook(fakeClient(() => Promise.reject(new Error('HTTP 503: busy'))).client, {
      url: 'u',
      concurrency: 2,
      reportsFired: true,
    });
    const answer = await webhook.call('s-1', {});
    expect(answer).toEqual({ response: createEmptyResponse(), fired: null });
    expect(webhook.takeError('s-2')).toBeUndefined();
    expect(webhook.takeError('s-1')).toBe('HTTP 503: busy');
    expect(webhook.takeError('s-1')).toBeUndefined();
    await webhook.call(undefined, {});
    expect(webhook.takeError('')).toBe('HTTP 503: busy');
    expect(webhook.report()).toMatchObject({
      requests: 2,
      failures: 2,
      errors: new Map([['HTTP 503: busy', 2]]),
    });
  });
});

describe('parseFiredHeader', () => {
  it('splits ids, and is null for a target that does not report them or sends no header', () => {
    expect(parseFiredHeader(' a/x , b/y ', true)).toEqual(['a/x', 'b/y']);
    expect(parseFiredHeader('', true)).toEqual([]);
    expect(parseFiredHeader(undefined, true)).toBeNull();
    expect(parseFiredHeader('a/x', false)).toBeNull();
    expect(parseFiredHeader(undefined, false)).toBeNull();
  });
});
