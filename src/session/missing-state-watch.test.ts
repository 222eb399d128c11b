import { buildRuleBook } from '../../test/support/rule-book';
import type { SessionVariables } from '../contract/types';
import type { Logger } from '../observability/logger';
import { Metrics } from '../observability/metrics';
import { RuleProcessor } from '../processor/rule-processor';
import type { RuleBook } from '../rules/compile/rule-book';
import { MissingStateWatch } from './missing-state-watch';

const stateful = buildRuleBook({
  ruleset: 's',
  rules: [
    { id: 'greet', once: true, then: { set: { greeted: 'yes' } } },
    { id: 'quiet-audio', on: 'AUDIO', then: { filter: { keys_to_ignore: ['audio.*'] } } },
  ],
});
const MISSING = 'rulehook_carried_state_missing_total';

/** `--state none`: processors without a store, one watch, a clock the test moves, the warnings kept. */
function serveWithoutStore(book: RuleBook = stateful, ttlMs = 60_000, maxCalls = 100) {
  const warnings: Record<string, unknown>[] = [];
  const logger: Logger = {
    debug: () => {},
    info: () => {},
    warn: (msg, fields) => void warnings.push({ msg, ...fields }),
    error: () => {},
  };
  const clock = { now: 0 };
  const metrics = new Metrics();
  const watch = new MissingStateWatch({ maxCalls, ttlMs, metrics, logger, now: () => clock.now });
  const processor = new RuleProcessor(book, { metrics, missingState: watch, logger });
  const send = async (vars: SessionVariables) =>
    (await processor.process({ session_variables: vars })).response;
  const missing = () => metrics.snapshot()[MISSING];
  return { send, missing, warnings, clock, metrics, watch };
}

/** An engine that keeps what the webhook sets: the variables of the next event. */
function kept(
  vars: SessionVariables,
  response: Awaited<ReturnType<ReturnType<typeof serveWithoutStore>['send']>>,
) {
  const next = { ...vars };
  for (const { key, value } of response.session_variable_updates) next[key] = value;
  return next;
}

describe('--state none: events that arrive mid-call without their carried state', () => {
  it('continues a call from what it carries, and counts nothing while the engine sends the state back', async () => {
    const { send, missing, warnings } = serveWithoutStore();
    const first = { 'state.sessionId': 'c1', 'state.currentEvent': 'START' };
    const answer = await send(first);
    expect(answer.session_variable_updates).toContainEqual({ key: 'rulehook.once', value: '["s/greet"]' });
    const second = await send({ ...kept(first, answer), 'state.currentEvent': 'AUDIO' });
    expect(second.session_variable_updates.map((u) => u.key)).toEqual(['rulehook.filter']);
    expect([missing(), warnings]).toEqual([0, []]);
  });

  it('counts and logs an event of a call known to hold state that carries none, and answers it as a first event', async () => {
    const { send, missing, warnings } = serveWithoutStore();
    await send({ 'state.sessionId': 'c2', 'state.currentEvent': 'START' });
    const dropped = await send({
      'state.sessionId': 'c2',
      'state.currentEvent': 'NEXT',
      'caller.pin': '4711',
    });
    // As a first event: the once rule fires again, and its state is written again.
    expect(dropped.session_variable_updates).toEqual([
      { key: 'greeted', value: 'yes' },
      { key: 'rulehook.once', value: '["s/greet"]' },
    ]);
    expect(missing()).toBe(1);
    expect(warnings).toEqual([
      {
        msg: 'event arrived mid-call without its carried state (rulehook.* variables); answered as the first of its call',
        session: 'c2',
      },
    ]);
    expect(JSON.stringify(warnings)).not.toContain('4711');
  });

  it('logs at most once per 10 s, each line with the count left out since the previous one', async () => {
    const { send, missing, warnings, clock } = serveWithoutStore();
    const start = { 'state.currentEvent': 'START' };
    for (const id of ['a', 'b', 'c', 'd']) await send({ 'state.sessionId': id, ...start });
    for (const id of ['a', 'b', 'c']) await send({ 'state.sessionId': id, ...start });
    expect(missing()).toBe(3);
    expect(warnings.map((w) => w.session)).toEqual(['a']);
    clock.now = 10_000;
    await send({ 'state.sessionId': 'd', ...start });
    expect(missing()).toBe(4);
    expect(warnings.map((w) => [w.session, w.suppressed])).toEqual([
      ['a', undefined],
      ['d', 2],
    ]);
  });

  it('knows a call from a state another process wrote, and not a first event nor a call idle past the TTL', async () => {
    const { send, missing, clock } = serveWithoutStore(stateful, 60_000);
    // Written by another worker: this process learns the call holds state from what it carries.
    await send({ 'state.sessionId': 'w', 'state.currentEvent': 'X', 'rulehook.once': '["s/greet"]' });
    await send({ 'state.sessionId': 'w', 'state.currentEvent': 'Y' });
    expect(missing()).toBe(1);
    // First events of new calls, and events without a session id, are not counted.
    await send({ 'state.sessionId': 'new', 'state.currentEvent': 'START' });
    await send({ 'state.currentEvent': 'START' });
    await send({ 'state.currentEvent': 'START' });
    expect(missing()).toBe(1);
    clock.now = 60_000;
    await send({ 'state.sessionId': 'new', 'state.currentEvent': 'NEXT' });
    expect(missing()).toBe(1);
  });

  it('does not count calls whose answers never wrote state, nor rule sets that keep none', async () => {
    const quiet = serveWithoutStore(
      buildRuleBook({
        ruleset: 'q',
        rules: [{ id: 'audio', on: 'AUDIO', then: { filter: { keys_to_ignore: ['a.*'] } } }],
      }),
    );
    for (let i = 0; i < 3; i++) await quiet.send({ 'state.sessionId': 'q', 'state.currentEvent': 'OTHER' });
    expect(quiet.missing()).toBe(0);
    const stateless = serveWithoutStore(
      buildRuleBook({ ruleset: 'n', rules: [{ id: 'say', then: { set: { said: 'yes' } } }] }),
    );
    for (let i = 0; i < 3; i++) await stateless.send({ 'state.sessionId': 'n', 'state.currentEvent': 'X' });
    expect(stateless.metrics.snapshot()[MISSING]).toBe(0);
  });

  it('forgets the least recently seen calls beyond its bound', async () => {
    const { send, missing } = serveWithoutStore(stateful, 60_000, 2);
    for (const id of ['a', 'b', 'c']) await send({ 'state.sessionId': id, 'state.currentEvent': 'START' });
    await send({ 'state.sessionId': 'a', 'state.currentEvent': 'NEXT' });
    expect(missing()).toBe(0);
    await send({ 'state.sessionId': 'c', 'state.currentEvent': 'NEXT' });
    expect(missing()).toBe(1);
  });
});
