import type { SpecPath } from '../spec';
import { checkLoadTotals } from './check-load-totals';

/** A parsed file as the cross-file checks see it; `locate` answers with the path, to check where it points. */
const file = (name: string, root: unknown) => ({
  file: name,
  root,
  locate: (path: SpecPath) => ({ start: path.length, end: Number(path[path.length - 1] ?? 0) }),
});
const rules = (count: number, extra: object = {}) =>
  Array.from({ length: count }, (_, i) => ({ id: `r${i}`, then: { enable: ['N'] }, ...extra }));

describe('checkLoadTotals', () => {
  it('accepts 50,000 rules over several files', () => {
    const files = [0, 1, 2, 3, 4].map((i) => file(`f${i}.yaml`, { ruleset: `s${i}`, rules: rules(10_000) }));
    expect(checkLoadTotals(files)).toEqual([]);
  });

  it('reports the file that brings the total over 50,000, once, at the first rule past it', () => {
    const files = [0, 1, 2, 3, 4, 5].map((i) =>
      file(`f${i}.yaml`, { ruleset: `s${i}`, rules: rules(9_000) }),
    );
    const diagnostics = checkLoadTotals(files);
    expect(diagnostics.map((d) => [d.code, d.file, d.range?.end])).toEqual([
      ['TOO_MANY_RULES', 'f5.yaml', 5_000],
    ]);
    expect(diagnostics[0]!.message).toBe(
      'with this file, the loaded files hold 54,000 rules or more; at most 50,000 are allowed in all',
    );
  });

  it('adds up the sizes of regex operands, and reports the one that passes 100,000', () => {
    // Each operand `a{1000}` has size 1,000; 100 of them are allowed, the 101st is not.
    const leaf = { if: { all: [{ var: 'x', regex: 'a{1000}' }] } };
    const files = [
      file('a.yaml', { ruleset: 'a', rules: rules(60, leaf) }),
      file('b.yaml', { ruleset: 'b', rules: rules(60, leaf) }),
    ];
    const diagnostics = checkLoadTotals(files);
    expect(diagnostics.map((d) => [d.code, d.file])).toEqual([['REGEX_TOO_LARGE', 'b.yaml']]);
    expect(diagnostics[0]!.message).toContain('add up to size 101,000; at most 100,000 is allowed in all');
    expect(checkLoadTotals(files.slice(0, 1))).toEqual([]);
  });
});
