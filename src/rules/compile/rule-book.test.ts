import { buildRuleBook } from '../../../test/support/rule-book';
import type { RuleSpec } from '../spec';
import { RuleBook } from './rule-book';

const rule = (id: string, extra: Partial<RuleSpec> = {}): RuleSpec => ({
  id,
  then: { set: { [id]: 'x' } },
  ...extra,
});
const planned = (book: ReturnType<typeof buildRuleBook>, name: string) =>
  book.planFor(name).flatMap((p) => p.rules.map((r) => r.qualifiedId));

describe('RuleBook.planFor', () => {
  const book = buildRuleBook(
    {
      ruleset: 'a',
      rules: [
        rule('exact', { on: 'VERIFY_DONE' }),
        rule('glob', { on: ['ENROLL_DONE', 'VERIFY_*'] }),
        rule('every', { priority: -1 }),
        rule('first', { on: 'VERIFY_DONE', priority: 5 }),
      ],
    },
    { ruleset: 'b', rules: [rule('other', { on: 'ENROLL_DONE' })] },
  );

  it('merges exact, glob and unconditional rules in evaluation order (priority, then written order)', () => {
    expect(planned(book, 'VERIFY_DONE')).toEqual(['a/first', 'a/exact', 'a/glob', 'a/every']);
    expect(planned(book, 'ENROLL_DONE')).toEqual(['a/glob', 'a/every', 'b/other']);
  });

  it('knows the event names written exactly in `on` (globs are not names) and those given in advance', () => {
    expect([...book.eventNames].sort()).toEqual(['ENROLL_DONE', 'VERIFY_DONE']);
    const known = RuleBook.compile([], ['CALL_STARTED']);
    expect([...known.eventNames]).toEqual(['CALL_STARTED']);
  });

  it('plans a name nobody wrote from the open rules only', () => {
    expect(planned(book, 'VERIFY_STARTED')).toEqual(['a/glob', 'a/every']);
    expect(planned(book, 'CALL_STARTED')).toEqual(['a/every']);
  });

  it('without globs, gives every unknown name the same plan object', () => {
    const plain = buildRuleBook({ ruleset: 'p', rules: [rule('x', { on: 'X' }), rule('all')] });
    expect(plain.planFor('A')).toBe(plain.planFor('B'));
    expect(planned(plain, 'A')).toEqual(['p/all']);
    expect(planned(plain, 'X')).toEqual(['p/x', 'p/all']);
  });

  it('lists a rule once even when several of its `on` entries match', () => {
    const b = buildRuleBook({ ruleset: 'd', rules: [rule('twice', { on: ['X', 'X', 'X*'] })] });
    expect(planned(b, 'X')).toEqual(['d/twice']);
  });

  it('bounds planning: 20,000 names in one `on` next to 5,000 rules without `on` load and plan correctly', () => {
    const names = Array.from({ length: 20_000 }, (_, i) => `N${i}`);
    const open = Array.from({ length: 5_000 }, (_, i) =>
      rule(`open${i}`, { if: { var: 'k', equals: `v${i}` } }),
    );
    const start = Date.now();
    const big = buildRuleBook({
      ruleset: 'big',
      rules: [rule('named', { on: names }), rule('glob', { on: 'G*' }), ...open],
    });
    expect(Date.now() - start).toBeLessThan(10_000);
    for (const name of ['N0', 'N19999', 'G1', 'OTHER']) {
      const ids = planned(big, name);
      expect(ids).toHaveLength(name.startsWith('N') || name === 'G1' ? 5_001 : 5_000);
      expect(ids[0]).toBe(name.startsWith('N') ? 'big/named' : name === 'G1' ? 'big/glob' : 'big/open0');
    }
  });
});

describe('RuleBook.planFor: plans cached for names nobody wrote', () => {
  const junk = (count: number) => Array.from({ length: count }, (_, i) => `JUNK_${i}`);
  const globBook = () =>
    buildRuleBook({
      ruleset: 'calls',
      rules: [
        ...Array.from({ length: 50 }, (_, i) => rule(`call${i}`, { on: 'CALL_*' })),
        rule('exact', { on: 'HANGUP' }),
        rule('every'),
      ],
    });

  it('still caches a glob-matched name first seen after 20,000 names chosen by clients', () => {
    const book = globBook();
    for (const name of junk(20_000)) book.planFor(name);
    const plan = book.planFor('CALL_STARTED');
    expect(book.planFor('CALL_STARTED')).toBe(plan);
    expect(planned(book, 'CALL_STARTED')).toHaveLength(51);
  });

  it('keeps the plan of a glob-matched name through 20,000 other names, sharing it with names reaching the same rules', () => {
    const book = globBook();
    const plan = book.planFor('CALL_STARTED');
    for (const name of junk(20_000)) book.planFor(name);
    expect(book.planFor('CALL_STARTED')).toBe(plan);
    expect(book.planFor('CALL_ENDED')).toBe(plan);
    expect(book.planFor('JUNK_0')).toBe(book.planFor('OTHER'));
    expect(book.planFor('JUNK_0')).not.toBe(plan);
  });

  it('keeps the plans of the names written in `on` whatever clients send', () => {
    const book = globBook();
    const plan = book.planFor('HANGUP');
    for (const name of junk(20_000)) book.planFor(`CALL_${name}`);
    expect(book.planFor('HANGUP')).toBe(plan);
    expect(planned(book, 'HANGUP')).toEqual(['calls/exact', 'calls/every']);
  });
});
