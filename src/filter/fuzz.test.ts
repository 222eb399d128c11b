import fc from 'fast-check';
import { applyResponseFilter, decideEvent, INITIAL_FILTER_STATE } from './decide';
import { computeDelta, createAutomaticKeyTest } from './delta';
import { mergeFilter, EMPTY_FILTER, type EffectiveFilter } from './effective-filter';
import { createEntryMatcher, matchesFilterEntry } from './filter-entry';

/**
 * Whatever the wire brings (any strings, any number of keys, `*` anywhere,
 * prototype-looking names), the filter engine answers without throwing, and
 * its decisions keep their invariants.
 */
const text = fc.string({ unit: 'binary', maxLength: 12 });
const names = fc.array(fc.oneof(text, fc.constantFrom('*', '__proto__', 'constructor', 'a*', '*a', '')), {
  maxLength: 8,
});
const variables = fc.dictionary(fc.oneof(text, fc.constantFrom('__proto__', 'state.x')), text, {
  maxKeys: 12,
});
const filter: fc.Arbitrary<EffectiveFilter> = fc.record({
  keys_to_ignore: names,
  events_to_ignore: names,
  values_to_ignore: fc.dictionary(text, text, { maxKeys: 3 }),
});

describe('the filter engine on arbitrary input', () => {
  it('computes deltas, merges filters and decides without throwing, and a decision names a real entry', () => {
    let unsent = 0;
    fc.assert(
      fc.property(
        names,
        variables,
        variables,
        filter,
        filter,
        text,
        (automatic, before, after, f1, f2, name) => {
          const delta = computeDelta(before, after, createAutomaticKeyTest(automatic));
          expect(new Set(delta).size).toBe(delta.length);
          for (const key of delta) expect(Object.hasOwn(after, key)).toBe(true);
          const merged = mergeFilter(mergeFilter(EMPTY_FILTER, f1), f2);
          const state = applyResponseFilter(INITIAL_FILTER_STATE, merged);
          const decision = decideEvent(state, name, delta);
          if (!decision.sent) {
            unsent += 1;
            const entries = [...merged.events_to_ignore, ...merged.keys_to_ignore];
            expect(entries).toContain(decision.entry);
          }
        },
      ),
      { numRuns: 500 },
    );
    // Not vacuous: about 70% of the 500 runs hold the event back.
    expect(unsent).toBeGreaterThan(50);
  });

  it('prepares entry matchers that agree with matching entry by entry', () => {
    fc.assert(
      fc.property(names, text, (entries, name) => {
        expect(createEntryMatcher(entries)(name)).toBe(entries.some((e) => matchesFilterEntry(e, name)));
      }),
      { numRuns: 500 },
    );
  });
});
