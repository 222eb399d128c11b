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

  it('tells variables apart when their names or values hold NUL, the separator of the plain text', () => {
    // Written as `name\0value\0` pairs, both of these events would read `verify.a\0x\0verify.b\0y\0`.
    expect(
      run(
        { 'verify.a': 'x\u0000verify.b\u0000y' },
        { 'verify.a': 'x', 'verify.b': 'y' },
        { 'verify.a': 'x\u0000verify.b\u0000y' },
        { 'verify.a': 'x\u0000verify.b\u0000y' },
      ),
    ).toEqual([['s/verify'], ['s/verify'], ['s/verify'], []]);
  });

  it('keeps the fingerprint of variables without NUL as earlier versions wrote it, so upgrades compare', () => {
    const step = stepSession(book, undefined, { 'verify.b': '2', 'verify.a': '1' }, options);
    expect(step.next.seen.get('verify.*')).toBe(
      createFingerprint()('verify.*', 'verify.a\u00001\u0000verify.b\u00002\u0000'),
    );
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

describe('stepSession: the names the decoder listed', () => {
  it('fingerprints the same from the names as from a walk of the variables', () => {
    const events: Record<string, string>[] = [
      { 'state.currentEvent': 'E', 'verify.a': '1', 'custom.tier': 'gold', 'rulehook.seen': '{}' },
      { 'state.currentEvent': 'E', 'verify.a': '2', 'custom.tier': 'gold', 'vad.x': '1' },
      { 'state.currentEvent': 'E', 'custom.tier': 'silver', 'verify.b': '1' },
    ];
    let walked;
    let listed;
    for (const event of events) {
      const a = stepSession(book, walked, event, options);
      const b = stepSession(book, listed, event, { ...options, names: Object.keys(event) });
      expect(b.evaluation.fired).toEqual(a.evaluation.fired);
      expect([...b.next.seen]).toEqual([...a.next.seen]);
      walked = a.next;
      listed = b.next;
    }
  });
});

describe("stepSession: the webhook's own updates (engine model own_updates)", () => {
  // `mark` writes custom.mark on a VERIFY event; `watch` fires when custom.* changed.
  const writer = buildRuleBook({
    ruleset: 'w',
    rules: [
      { id: 'mark', on: 'VERIFY', then: { set: { 'custom.mark': 'm1', 'custom.other': 'o' } } },
      { id: 'watch', if: { changed: 'custom.*' }, then: { set: { seen: 'y' } } },
      { id: 'other', if: { changed: 'verify.*' }, then: { set: { v: 'y' } } },
    ],
  });

  /** The engine applies each answer's updates to the variables of the next event, as the real one does. */
  function call(model: SessionStepOptions['ownUpdates'], ...names: string[]): string[][] {
    let state;
    let held: Record<string, string> = { 'verify.score': '1' };
    const fired: string[][] = [];
    for (const name of names) {
      const step = stepSession(
        writer,
        state,
        { ...held, 'state.currentEvent': name },
        { ...options, ownUpdates: model },
      );
      for (const { key, value } of step.evaluation.response.session_variable_updates)
        held = { ...held, [key]: value };
      fired.push(step.evaluation.fired);
      state = step.next;
    }
    return fired;
  }

  it('are not changes by default: the next event is compared with the session as the engine holds it', () => {
    expect(call(undefined, 'VERIFY', 'NEXT', 'NEXT')).toEqual([['w/mark', 'w/other'], [], []]);
    expect(call('applied', 'VERIFY', 'NEXT')).toEqual([['w/mark', 'w/other'], []]);
  });

  it('are changes once, at the next event, when the engine counts them so', () => {
    expect(call('changes', 'VERIFY', 'NEXT', 'NEXT')).toEqual([['w/mark', 'w/other'], ['w/watch'], []]);
  });

  it('leave the fingerprints of globs no update matches as they are', () => {
    const first = stepSession(
      writer,
      undefined,
      { 'state.currentEvent': 'VERIFY', 'verify.score': '1' },
      options,
    );
    expect(first.next.seen.get('verify.*')).toBeDefined();
    const again = stepSession(
      writer,
      first.next,
      { 'state.currentEvent': 'NEXT', 'verify.score': '1', 'custom.mark': 'm1', 'custom.other': 'o' },
      options,
    );
    expect(again.evaluation.fired).toEqual([]);
    expect(again.next.seen).toBe(first.next.seen);
  });

  it('fold into the same fingerprints as the applied variables would give, for every glob an update touches', () => {
    const overlapping = buildRuleBook({
      ruleset: 'o',
      rules: [
        {
          id: 'mark',
          on: 'VERIFY',
          then: { set: { 'custom.mark': 'm2', 'custom.more': 'x', 'verify.note': 'n' } },
        },
        { id: 'all', if: { changed: 'custom.*' }, then: { set: { a: 'y' } } },
        { id: 'some', if: { changed: 'custom.m*' }, then: { set: { b: 'y' } } },
        { id: 'verify', if: { changed: 'verify.*' }, then: { set: { c: 'y' } } },
      ],
    });
    const event = {
      'state.currentEvent': 'VERIFY',
      'verify.score': '1',
      'custom.mark': 'm1',
      'custom.tier': 'gold',
    };
    const folded = stepSession(overlapping, undefined, event, { ...options, ownUpdates: 'applied' }).next
      .seen;
    const applied = {
      ...event,
      'custom.mark': 'm2',
      'custom.more': 'x',
      'verify.note': 'n',
      'state.currentEvent': 'NEXT',
    };
    const fresh = stepSession(overlapping, undefined, applied, options).next.seen;
    expect([...folded.keys()].sort()).toEqual(['custom.*', 'custom.m*', 'verify.*']);
    expect(new Map(folded)).toEqual(new Map(fresh));
  });
});
