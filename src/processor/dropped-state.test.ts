import { buildRuleBook } from '../../test/support/rule-book';
import type { SetSessionVariableAction } from '../contract';
import { Metrics } from '../observability/metrics';
import { MemorySessionStore } from '../session';
import { RuleProcessor } from './rule-processor';

/** An engine that does not keep rulehook's variables: every event comes without them, the store holds the call. */

const book = buildRuleBook({
  ruleset: 'd',
  rules: [
    { id: 'alert-once', on: 'ALERT', once: true, then: { set: { alerted: 'yes' } } },
    { id: 'quiet-audio', on: 'QUIET', then: { filter: { keys_to_ignore: ['audio.*'] } } },
    { id: 'score-changed', if: { changed: 'verify.*' }, then: { set: { rescored: '${verify.score}' } } },
  ],
});

function makeProcessor(stateSecret?: string) {
  const metrics = new Metrics();
  const store = new MemorySessionStore({ metrics });
  const processor = new RuleProcessor(book, {
    metrics,
    store,
    ...(stateSecret === undefined ? {} : { stateSecret }),
  });
  /** One event of call `id`, without any of rulehook's variables, as such an engine sends it. */
  const send = async (id: string, event: string, more: Record<string, string> = {}) =>
    processor.process({ session_variables: { 'state.sessionId': id, 'state.currentEvent': event, ...more } });
  return { send };
}

const carriedKeys = (updates: SetSessionVariableAction[]) =>
  updates.map((update) => update.key).filter((key) => key.startsWith('rulehook.'));

describe('an engine that does not return rulehook variables', () => {
  it('is given the state once; later answers come from the store and write none of it', async () => {
    const { send } = makeProcessor();
    const alerted = await send('c1', 'ALERT', { 'verify.score': '0.5' });
    expect(alerted.fired).toEqual(['d/alert-once', 'd/score-changed']);
    expect(carriedKeys(alerted.response.session_variable_updates)).toEqual([
      'rulehook.once',
      'rulehook.seen',
    ]);
    const again = await send('c1', 'ALERT', { 'verify.score': '0.5' });
    expect(again.fired).toEqual([]);
    expect(again.response.session_variable_updates).toEqual([]);
    const quiet = await send('c1', 'QUIET', { 'verify.score': '0.9' });
    expect(quiet.fired).toEqual(['d/quiet-audio', 'd/score-changed']);
    expect(quiet.response.event_filter).toEqual({
      keys_to_ignore: ['audio.*'],
      values_to_ignore: {},
      events_to_ignore: [],
    });
    expect(carriedKeys(quiet.response.session_variable_updates)).toEqual([]);
    // The store went on with the call: the filter is not sent again, the score is not a change.
    const later = await send('c1', 'OTHER', { 'verify.score': '0.9' });
    expect(later.fired).toEqual([]);
    expect(later.response.event_filter).toBeUndefined();
    expect(later.response.session_variable_updates).toEqual([]);
  });

  it('writes a state that no answer of the call has written yet, when it stops being empty', async () => {
    const { send } = makeProcessor();
    const started = await send('c2', 'START');
    expect(started.response.session_variable_updates).toEqual([]);
    const alerted = await send('c2', 'ALERT');
    expect(carriedKeys(alerted.response.session_variable_updates)).toEqual(['rulehook.once']);
    expect(carriedKeys((await send('c2', 'QUIET')).response.session_variable_updates)).toEqual([]);
  });

  it('sealed, writes no seal either once the state is written, and the call goes on from the store', async () => {
    const { send } = makeProcessor('s3cret');
    const alerted = await send('c3', 'ALERT');
    expect(carriedKeys(alerted.response.session_variable_updates)).toEqual(['rulehook.once', 'rulehook.mac']);
    const again = await send('c3', 'ALERT');
    expect(again.fired).toEqual([]);
    expect(again.response.session_variable_updates).toEqual([]);
  });

  it('still gets the changed parts from an event that carries any rulehook variable', async () => {
    const { send } = makeProcessor();
    const alerted = await send('c4', 'ALERT');
    const once = alerted.response.session_variable_updates.find((u) => u.key === 'rulehook.once')!.value;
    const quiet = await send('c4', 'QUIET', { 'rulehook.once': once });
    expect(carriedKeys(quiet.response.session_variable_updates)).toEqual(['rulehook.filter']);
  });
});
