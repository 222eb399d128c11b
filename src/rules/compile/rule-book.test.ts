import { buildRuleBook } from '../../../test/support/rule-book';
import type { RuleSpec } from '../spec';

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
