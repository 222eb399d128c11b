import { buildRuleBook } from '../../test/support/rule-book';
import { createAutomaticKeyTest } from '../filter';
import { createFingerprint } from '../session/fingerprint';
import { stepSession, type SessionStepOptions } from './session-step';

const book = buildRuleBook({
  ruleset: 's',
  rules: [
    { id: 'verify', if: { changed: 'verify.*' }, then: { set: { v: 'y' } } },
    { id: 'tier', if: { changed: 'custom.tier' }, then: { set: { t: 'y' } } },
  ],
});
const options: SessionStepOptions = {
  isAutomatic: createAutomaticKeyTest(),
  fingerprint: createFingerprint(),
};

/** Steps a session through events; returns what fired at each. */
function run(...events: Record<string, string>[]): string[][] {
  let state;
  const fired: string[][] = [];
  for (const event of events) {
    const step = stepSession(book, state, { 'state.currentEvent': 'E', ...event }, options);
    fired.push(step.evaluation.fired);
    state = step.next;
  }
  return fired;
}

describe('stepSession: `changed` by one fingerprint per glob', () => {
  it('holds on the first event when a matching variable is present, then only when one changes', () => {
    expect(run({ 'verify.score': '1' }, { 'verify.score': '1' }, { 'verify.score': '2' })).toEqual([
      ['s/verify'],
      [],
      ['s/verify'],
    ]);
  });

  it('counts a matching variable added or removed as a change, and ignores the key order', () => {
    expect(
      run(
        { 'verify.a': '1', 'verify.b': '2' },
        { 'verify.b': '2', 'verify.a': '1' },
        { 'verify.a': '1' },
        { 'verify.a': '1', 'custom.tier': 'gold' },
      ),
    ).toEqual([['s/verify'], [], ['s/verify'], ['s/tier']]);
  });

  it("leaves out the engine's automatic keys and rulehook's own variables", () => {
    const automatic = stepSession(
      book,
      undefined,
      { 'state.currentEvent': 'E', 'state.verify': 'x' },
      options,
    );
    expect(automatic.evaluation.fired).toEqual([]);
    const reserved = stepSession(
      book,
      undefined,
      { 'state.currentEvent': 'E', 'rulehook.seen': '{}' },
      options,
    );
    expect(reserved.next.seen.size).toBe(0);
  });

  it('keeps the previous fingerprints as they are when nothing changed, so the state is not encoded again', () => {
    const first = stepSession(book, undefined, { 'state.currentEvent': 'E', 'verify.a': '1' }, options);
    const second = stepSession(
      book,
      first.next,
      { 'state.currentEvent': 'F', 'verify.a': '1', x: '2' },
      options,
    );
    expect(second.next.seen).toBe(first.next.seen);
  });
});
