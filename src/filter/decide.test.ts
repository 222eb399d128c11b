import fc from 'fast-check';
import { applyResponseFilter, decideEvent, INITIAL_FILTER_STATE, type FilterState } from './decide';
import type { EffectiveFilter } from './effective-filter';

const filter = (f: Partial<EffectiveFilter>): EffectiveFilter => ({
  keys_to_ignore: [],
  events_to_ignore: [],
  values_to_ignore: {},
  ...f,
});
const withFilter = (f: Partial<EffectiveFilter>): FilterState =>
  applyResponseFilter(INITIAL_FILTER_STATE, filter(f));

describe('decideEvent', () => {
  it('sends every event of a new session', () => {
    expect(decideEvent(INITIAL_FILTER_STATE, 'ANY', ['a'])).toEqual({ sent: true });
    expect(decideEvent(INITIAL_FILTER_STATE, 'ANY', [])).toEqual({ sent: true });
  });

  it('ignores events by exact name or trailing-* prefix', () => {
    const s = withFilter({ events_to_ignore: ['HEARTBEAT', 'AUDIO_*'] });
    expect(decideEvent(s, 'HEARTBEAT', ['x'])).toEqual({
      sent: false,
      reason: 'events_to_ignore',
      entry: 'HEARTBEAT',
    });
    expect(decideEvent(s, 'AUDIO_PROGRESS', [])).toEqual({
      sent: false,
      reason: 'events_to_ignore',
      entry: 'AUDIO_*',
    });
    expect(decideEvent(s, 'HEARTBEAT_2', ['x'])).toEqual({ sent: true });
    expect(decideEvent(s, 'AUDIO', ['x'])).toEqual({ sent: true });
  });

  it('gives events_to_ignore priority over keys_to_ignore', () => {
    const s = withFilter({ events_to_ignore: ['X'], keys_to_ignore: ['a'] });
    expect(decideEvent(s, 'X', ['a'])).toEqual({ sent: false, reason: 'events_to_ignore', entry: 'X' });
  });

  it('filters by keys only when every delta key matches an entry', () => {
    const s = withFilter({ keys_to_ignore: ['audio.*', 'vad.level'] });
    expect(decideEvent(s, 'E', ['audio.net', 'vad.level'])).toEqual({
      sent: false,
      reason: 'keys_to_ignore',
      entry: 'audio.*',
    });
    expect(decideEvent(s, 'E', ['audio.net', 'verify.score'])).toEqual({ sent: true });
    expect(decideEvent(s, 'E', ['vad.levels'])).toEqual({ sent: true });
  });

  it('never filters an empty delta by keys_to_ignore', () => {
    expect(decideEvent(withFilter({ keys_to_ignore: ['*x', 'a*'] }), 'E', [])).toEqual({ sent: true });
  });

  it('filters an empty delta by a non-empty keys_to_ignore when the engine reads it so, naming the first entry', () => {
    const reading = { emptyDelta: 'filtered' } as const;
    expect(decideEvent(withFilter({ keys_to_ignore: ['b.*', 'a'] }), 'E', [], reading)).toEqual({
      sent: false,
      reason: 'keys_to_ignore',
      entry: 'b.*',
    });
    expect(decideEvent(withFilter({ keys_to_ignore: [] }), 'E', [], reading)).toEqual({ sent: true });
    expect(decideEvent(withFilter({ keys_to_ignore: ['b.*'] }), 'E', ['c'], reading)).toEqual({ sent: true });
    expect(decideEvent(INITIAL_FILTER_STATE, 'E', [], reading)).toEqual({ sent: true });
  });

  it('treats a * that is not last as an ordinary character', () => {
    const s = withFilter({ keys_to_ignore: ['a*b'], events_to_ignore: ['X*Y'] });
    expect(decideEvent(s, 'XzY', ['a*b'])).toEqual({ sent: false, reason: 'keys_to_ignore', entry: 'a*b' });
    expect(decideEvent(s, 'X*Y', [])).toEqual({ sent: false, reason: 'events_to_ignore', entry: 'X*Y' });
    expect(decideEvent(s, 'E', ['azb'])).toEqual({ sent: true });
  });

  it.each([['events_to_ignore'], ['keys_to_ignore']] as const)(
    'disables the session for good on * alone in %s',
    (list) => {
      const disabled = withFilter({ [list]: ['*'] });
      expect(decideEvent(disabled, 'E', [])).toEqual({ sent: false, reason: 'webhook_disabled', entry: '*' });
      const later = applyResponseFilter(disabled, filter({}));
      expect(decideEvent(later, 'E', ['a'])).toEqual({ sent: false, reason: 'webhook_disabled', entry: '*' });
    },
  );

  it('ignores values_to_ignore (currently unsupported)', () => {
    expect(decideEvent(withFilter({ values_to_ignore: { a: '1' } }), 'E', ['a'])).toEqual({ sent: true });
  });

  const name = fc.constantFrom('A', 'AB', 'B', 'A*', '*A', 'C');
  const entries = fc.array(fc.constantFrom<string>('A', 'A*', 'B', '*B', 'AB*', 'x.*', 'x.a', 'y', '*'), {
    maxLength: 4,
  });
  const delta = fc
    .uniqueArray(fc.constantFrom('x.a', 'x.b', 'y', 'z', 'x.*'), { maxLength: 4 })
    .map((d) => d.sort());

  it('sends an event exactly when the spec says so (property)', () => {
    fc.assert(
      fc.property(entries, entries, name, delta, (events, keys, eventName, d) => {
        const s = withFilter({ events_to_ignore: events, keys_to_ignore: keys });
        const match = (e: string, n: string) => (e.endsWith('*') ? n.startsWith(e.slice(0, -1)) : e === n);
        const decision = decideEvent(s, eventName, d);
        if (events.includes('*') || keys.includes('*'))
          expect(decision).toMatchObject({ reason: 'webhook_disabled' });
        else if (events.some((e) => match(e, eventName)))
          expect(decision).toMatchObject({ reason: 'events_to_ignore' });
        else if (d.length > 0 && keys.length > 0 && d.every((k) => keys.some((e) => match(e, k))))
          expect(decision).toMatchObject({ reason: 'keys_to_ignore' });
        else expect(decision).toEqual({ sent: true });
      }),
    );
  });

  it('never sends more when entries are added (property)', () => {
    let unsent = 0;
    fc.assert(
      fc.property(entries, entries, entries, name, delta, (events, keys, extra, eventName, d) => {
        const before = decideEvent(
          withFilter({ events_to_ignore: events, keys_to_ignore: keys }),
          eventName,
          d,
        );
        const after = decideEvent(
          withFilter({ events_to_ignore: [...events, ...extra], keys_to_ignore: [...keys, ...extra] }),
          eventName,
          d,
        );
        if (!before.sent) {
          unsent += 1;
          expect(after.sent).toBe(false);
        }
      }),
    );
    // Not vacuous: about half of the 100 runs start from an event the filter holds back.
    expect(unsent).toBeGreaterThan(10);
  });
});

describe('applyResponseFilter', () => {
  const first = filter({ keys_to_ignore: ['a.*'], events_to_ignore: ['HB'] });
  const later = filter({ keys_to_ignore: ['b'] });

  it('replaces the session filter by default', () => {
    const state = applyResponseFilter(applyResponseFilter(INITIAL_FILTER_STATE, first), later);
    expect(state.filter).toEqual(later);
  });

  it('adds to the session filter, by union in first-seen order, when the engine reads it so', () => {
    const reading = { laterFilter: 'adds' } as const;
    const state = applyResponseFilter(
      applyResponseFilter(INITIAL_FILTER_STATE, first, reading),
      later,
      reading,
    );
    expect(state.filter).toEqual(filter({ keys_to_ignore: ['a.*', 'b'], events_to_ignore: ['HB'] }));
  });

  it('stays disabled once any filter held * alone, whichever reading', () => {
    for (const laterFilter of ['replaces', 'adds'] as const) {
      const off = applyResponseFilter(INITIAL_FILTER_STATE, filter({ events_to_ignore: ['*'] }), {
        laterFilter,
      });
      expect(applyResponseFilter(off, later, { laterFilter }).disabled).toBe(true);
    }
  });

  it('takes a filter as the wire carries it: lists and maps left out are empty, whichever reading', () => {
    for (const laterFilter of ['replaces', 'adds'] as const) {
      const keysOnly = applyResponseFilter(
        INITIAL_FILTER_STATE,
        { keys_to_ignore: ['a.*'] },
        { laterFilter },
      );
      expect(keysOnly).toEqual({ filter: filter({ keys_to_ignore: ['a.*'] }), disabled: false });
      expect(decideEvent(keysOnly, 'EV', ['a.x'])).toEqual({
        sent: false,
        reason: 'keys_to_ignore',
        entry: 'a.*',
      });
      const off = applyResponseFilter(INITIAL_FILTER_STATE, { events_to_ignore: ['*'] }, { laterFilter });
      expect(off).toEqual({ filter: filter({ events_to_ignore: ['*'] }), disabled: true });
      expect(applyResponseFilter(INITIAL_FILTER_STATE, {}, { laterFilter }).filter).toEqual(filter({}));
    }
  });

  it('keeps a whole filter as the object given', () => {
    expect(applyResponseFilter(INITIAL_FILTER_STATE, later).filter).toBe(later);
  });
});
