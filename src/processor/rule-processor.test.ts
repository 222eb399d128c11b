import { buildRuleBook } from '../../test/support/rule-book';
import { Metrics } from '../observability/metrics';
import { silentLogger } from '../observability/logger';
import {
  createFingerprint,
  MemorySessionStore,
  RedisSessionStore,
  serializeSessionState,
  type SessionState,
  type SessionStore,
} from '../session';
import { RuleProcessor } from './rule-processor';

const book = buildRuleBook({
  ruleset: 's',
  rules: [
    { id: 'greet', once: true, then: { set: { greeted: 'yes' } } },
    { id: 'score-changed', if: { changed: 'verify.*' }, then: { set: { rescored: '${verify.score}' } } },
    { id: 'quiet-audio', on: 'AUDIO', then: { filter: { keys_to_ignore: ['audio.*'] } } },
    { id: 'quiet-heartbeat', on: 'HB', then: { filter: { events_to_ignore: ['HB'] } } },
  ],
});

function makeProcessor(store?: SessionStore) {
  const metrics = new Metrics();
  const processor = new RuleProcessor(book, store === undefined ? { metrics } : { metrics, store });
  const send = async (vars: Record<string, string>) => processor.process({ session_variables: vars });
  return { metrics, send };
}

const memory = () => new MemorySessionStore({ metrics: new Metrics() });

describe('RuleProcessor with session state', () => {
  it('fires a once rule once per session', async () => {
    const { send } = makeProcessor(memory());
    expect((await send({ 'state.sessionId': 'a', 'state.currentEvent': 'X' })).fired).toContain('s/greet');
    expect((await send({ 'state.sessionId': 'a', 'state.currentEvent': 'Y' })).fired).not.toContain(
      's/greet',
    );
    expect((await send({ 'state.sessionId': 'b', 'state.currentEvent': 'X' })).fired).toContain('s/greet');
  });

  it('answers at once from a store in this process (no promise), and the same through a store that waits', async () => {
    const now = new RuleProcessor(book, { metrics: new Metrics(), store: memory() });
    const waits = memory();
    const later = new RuleProcessor(book, {
      metrics: new Metrics(),
      store: { kind: 'memory', update: (id, change) => waits.update(id, change), close: () => waits.close() },
    });
    for (const name of ['X', 'X', 'Y']) {
      const event = { session_variables: { 'state.sessionId': 'n', 'state.currentEvent': name } };
      const answered = now.process(event);
      expect(answered).not.toBeInstanceOf(Promise);
      const awaited = later.process(event);
      expect(awaited).toBeInstanceOf(Promise);
      expect(answered).toEqual(await awaited);
    }
  });

  it('evaluates `changed` against the previous event of the session', async () => {
    const { send } = makeProcessor(memory());
    const base = { 'state.sessionId': 'c', 'state.currentEvent': 'E' };
    expect((await send({ ...base, 'verify.score': '0.1' })).fired).toContain('s/score-changed');
    expect((await send({ ...base, 'verify.score': '0.1', other: '1' })).fired).not.toContain(
      's/score-changed',
    );
    const third = await send({ ...base, 'verify.score': '0.4', other: '1' });
    expect(third.response.session_variable_updates).toContainEqual({ key: 'rescored', value: '0.4' });
  });

  it('accumulates the effective filter over the session and sends it whole only when it changes', async () => {
    const { send } = makeProcessor(memory());
    const first = await send({ 'state.sessionId': 'f', 'state.currentEvent': 'AUDIO' });
    expect(first.response.event_filter).toEqual({
      keys_to_ignore: ['audio.*'],
      events_to_ignore: [],
      values_to_ignore: {},
    });
    const again = await send({ 'state.sessionId': 'f', 'state.currentEvent': 'AUDIO' });
    expect(again.response.event_filter).toBeUndefined();
    const more = await send({ 'state.sessionId': 'f', 'state.currentEvent': 'HB' });
    expect(more.response.event_filter).toEqual({
      keys_to_ignore: ['audio.*'],
      events_to_ignore: ['HB'],
      values_to_ignore: {},
    });
  });

  it('answers an event without a session id from the state it carries, and counts it', async () => {
    const { send, metrics } = makeProcessor(memory());
    const first = await send({ 'state.currentEvent': 'X' });
    expect(first.fired).toContain('s/greet');
    expect((await send({ 'state.currentEvent': 'X' })).fired).toContain('s/greet');
    const carried = Object.fromEntries(first.response.session_variable_updates.map((u) => [u.key, u.value]));
    expect((await send({ ...carried, 'state.currentEvent': 'X' })).fired).not.toContain('s/greet');
    expect(metrics.snapshot()['rulehook_events_without_session_total']).toBe(3);
  });

  it('keeps no variable value in clear in its store, only keyed fingerprints', async () => {
    const store = memory();
    const stored: SessionState[] = [];
    const spy: SessionStore = {
      kind: 'memory',
      update: (id, change) =>
        store.update(id, (s) => {
          const u = change(s);
          stored.push(u.next);
          return u;
        }),
      close: () => store.close(),
    };
    const metrics = new Metrics();
    const processor = new RuleProcessor(book, { metrics, store: spy, stateSecret: 'k1' });
    const event = { 'state.sessionId': 'p', 'state.currentEvent': 'X', 'verify.caller': '+14155550142' };
    const outcome = await processor.process({ session_variables: event });
    expect(stored).toHaveLength(1);
    const text = serializeSessionState(stored[0]!);
    expect(text).not.toContain('+14155550142');
    const pairs = 'verify.caller\u0000+14155550142\u0000';
    expect(stored[0]!.seen.get('verify.*')).toBe(createFingerprint('k1')('verify.*', pairs));
    expect(createFingerprint('k2')('verify.*', pairs)).not.toBe(stored[0]!.seen.get('verify.*'));
    expect(JSON.stringify(outcome.response)).not.toContain('+14155550142');
  });

  it('resets a carried part that is not what rulehook writes, repairs it, and counts it once', async () => {
    const { send, metrics } = makeProcessor();
    // A broken filter while no filter rule fires: the part must still be written again, or every later event
    // would find it broken and `once` rules would fire each time.
    const session: Record<string, string> = { 'state.currentEvent': 'X', 'rulehook.filter': '{"k":[]' };
    for (let i = 0; i < 3; i++) {
      const outcome = await send(session);
      expect(outcome.fired.includes('s/greet')).toBe(i === 0);
      for (const { key, value } of outcome.response.session_variable_updates) session[key] = value;
    }
    expect(session['rulehook.filter']).toBe('{"k":[],"e":[],"v":{}}');
    expect(metrics.snapshot()['rulehook_carried_state_corrupt_total']).toBe(1);
  });

  it('with --state-secret, refuses a forged once memory and a state copied from another call', async () => {
    const metrics = new Metrics();
    const processor = new RuleProcessor(book, { metrics, stateSecret: 's3cret' });
    const send = (vars: Record<string, string>) => processor.process({ session_variables: vars });
    const first = await send({ 'state.sessionId': 'a', 'state.currentEvent': 'X' });
    const kept = Object.fromEntries(first.response.session_variable_updates.map((u) => [u.key, u.value]));
    expect(kept['rulehook.mac']).toBeDefined();
    const again = await send({ ...kept, 'state.sessionId': 'a', 'state.currentEvent': 'Y' });
    expect(again.fired).not.toContain('s/greet');
    const copied = await send({ ...kept, 'state.sessionId': 'b', 'state.currentEvent': 'Y' });
    expect(copied.fired).toContain('s/greet');
    const forged = await send({
      'rulehook.once': '["s/greet"]',
      'state.sessionId': 'c',
      'state.currentEvent': 'Y',
    });
    expect(forged.fired).toContain('s/greet');
    expect(metrics.snapshot()['rulehook_carried_state_corrupt_total']).toBe(2);
  });

  it('asks no store when its rules keep no state', async () => {
    const stateless = buildRuleBook({ ruleset: 'n', rules: [{ id: 'plain', then: { set: { a: 'b' } } }] });
    let asked = 0;
    const store: SessionStore = {
      kind: 'memory',
      update: async (_id, change) => (asked++, change(undefined).result),
      close: async () => {},
    };
    const processor = new RuleProcessor(stateless, { metrics: new Metrics(), store });
    await processor.process({ session_variables: { 'state.sessionId': 's', 'state.currentEvent': 'X' } });
    expect(asked).toBe(0);
  });

  it('answers as the first event of its session, and counts it, when the store is unavailable', async () => {
    // A real Redis store whose server is not there (nothing listens on port 1).
    const down = new RedisSessionStore({
      url: 'redis://127.0.0.1:1/0',
      metrics: new Metrics(),
      logger: silentLogger,
    });
    try {
      const { send, metrics } = makeProcessor(down);
      const outcome = await send({ 'state.sessionId': 'x', 'state.currentEvent': 'X', 'verify.score': '1' });
      // A first event: `once` rules may fire, and every watched variable is new, so `changed` holds.
      expect(outcome.fired).toEqual(['s/greet', 's/score-changed']);
      expect(metrics.snapshot()['rulehook_session_store_unavailable_total']).toBe(1);
    } finally {
      await down.close();
    }
  });

  it('uses a configured session key', async () => {
    const metrics = new Metrics();
    const processor = new RuleProcessor(book, { metrics, store: memory(), sessionKey: 'call.id' });
    await processor.process({ session_variables: { 'call.id': 'k', 'state.currentEvent': 'X' } });
    const second = await processor.process({
      session_variables: { 'call.id': 'k', 'state.currentEvent': 'X' },
    });
    expect(second.fired).not.toContain('s/greet');
  });
});
