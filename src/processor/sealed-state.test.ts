import { buildRuleBook } from '../../test/support/rule-book';
import type { SessionVariables } from '../contract';
import { silentLogger } from '../observability/logger';
import { Metrics } from '../observability/metrics';
import { MemorySessionStore, RedisSessionStore, type SessionStore } from '../session';
import { RuleProcessor } from './rule-processor';

/** `--state-secret`: what a store adds to the seal (rollback), and which session ids carry state. */

const book = buildRuleBook({
  ruleset: 's',
  rules: [
    { id: 'alert-once', on: 'ALERT', once: true, then: { set: { alerted: 'yes' } } },
    { id: 'quiet-heartbeat', on: 'QUIET', then: { filter: { events_to_ignore: ['HB'] } } },
  ],
});

function makeProcessor(store?: SessionStore) {
  const metrics = new Metrics();
  const options = { metrics, stateSecret: 's3cret', ...(store === undefined ? {} : { store }) };
  const processor = new RuleProcessor(book, options);
  /** Sends one event of `session` and applies the answer's updates to it, as the engine does. */
  const send = async (session: SessionVariables, event: string) => {
    const outcome = await processor.process({
      session_variables: { ...session, 'state.currentEvent': event },
    });
    const next = { ...session };
    for (const { key, value } of outcome.response.session_variable_updates) next[key] = value;
    return { outcome, next };
  };
  const count = (name: string) => metrics.snapshot()[name];
  return { send, count };
}

const memory = () => new MemorySessionStore({ metrics: new Metrics() });

describe('a sealed state rolled back within its call', () => {
  it('is refused when the store saw a newer one: a once rule does not fire again', async () => {
    const { send, count } = makeProcessor(memory());
    const start = (await send({ 'state.sessionId': 'call-1' }, 'QUIET')).next;
    const alerted = await send(start, 'ALERT');
    expect(alerted.outcome.fired).toEqual(['s/alert-once']);
    const replayed = await send(start, 'ALERT');
    expect(replayed.outcome.fired).toEqual([]);
    expect(count('rulehook_carried_state_rolled_back_total')).toBe(1);
    // The answer carries the newest state again, sealed one generation later.
    expect(replayed.next['rulehook.once']).toBe('["s/alert-once"]');
    expect(replayed.next['rulehook.mac']).toMatch(/^3\./);
    expect((await send(replayed.next, 'ALERT')).outcome.fired).toEqual([]);
    expect(count('rulehook_carried_state_rolled_back_total')).toBe(1);
  });

  it('is refused when it would drop a filter the call was given', async () => {
    const { send, count } = makeProcessor(memory());
    const start = (await send({ 'state.sessionId': 'call-2' }, 'ALERT')).next;
    expect(start['rulehook.mac']).toMatch(/^1\./);
    await send(start, 'QUIET');
    const replayed = await send(start, 'OTHER');
    expect(count('rulehook_carried_state_rolled_back_total')).toBe(1);
    expect(replayed.next['rulehook.filter']).toBe('{"k":[],"e":["HB"],"v":{}}');
    expect(replayed.next['rulehook.mac']).toMatch(/^3\./);
  });

  it('is taken as it comes without a store: nothing remembers a newer one', async () => {
    const { send, count } = makeProcessor();
    const start = (await send({ 'state.sessionId': 'call-3' }, 'QUIET')).next;
    await send(start, 'ALERT');
    expect((await send(start, 'ALERT')).outcome.fired).toEqual(['s/alert-once']);
    expect(count('rulehook_carried_state_rolled_back_total')).toBe(0);
  });

  it('is taken as it comes when the store does not answer, rather than starting the call over', async () => {
    const down = new RedisSessionStore({
      url: 'redis://127.0.0.1:1/0',
      metrics: new Metrics(),
      logger: silentLogger,
    });
    try {
      const { send, count } = makeProcessor(down);
      const alerted = await send({ 'state.sessionId': 'call-4' }, 'ALERT');
      expect(alerted.outcome.fired).toEqual(['s/alert-once']);
      expect((await send(alerted.next, 'ALERT')).outcome.fired).toEqual([]);
      expect(count('rulehook_session_store_unavailable_total')).toBe(2);
    } finally {
      await down.close();
    }
  });
});

describe('session ids', () => {
  it.each([
    ['a NUL', 'victim-call-1\u0000{"k":[],"e":["*"],"v":{}}'],
    ['a line break', 'call\nfake log line'],
    ['an unpaired surrogate', 'call-\ud800'],
    ['more than 256 characters', 'c'.repeat(257)],
    ['nothing', ''],
  ])('one holding %s keeps no state, sealed or stored, and is counted', async (_case, id) => {
    const { send, count } = makeProcessor(memory());
    const first = await send({ 'state.sessionId': id }, 'ALERT');
    expect(first.outcome.fired).toEqual(['s/alert-once']);
    expect(first.outcome.response.session_variable_updates).toEqual([{ key: 'alerted', value: 'yes' }]);
    expect((await send(first.next, 'ALERT')).outcome.fired).toEqual(['s/alert-once']);
    expect(count('rulehook_events_without_session_total')).toBe(2);
  });

  it('any other text of at most 256 characters names a call', async () => {
    const { send } = makeProcessor(memory());
    for (const id of ['c'.repeat(256), 'appel-é-☎-𝄞', ' spaced id ']) {
      const first = await send({ 'state.sessionId': id }, 'ALERT');
      expect(first.next['rulehook.mac']).toMatch(/^1\./);
      expect((await send(first.next, 'ALERT')).outcome.fired).toEqual([]);
    }
  });
});
