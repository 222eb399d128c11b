import { diagnose, runPipeline, yamlLines } from '../../../test/fixtures/rules/diagnose';

const withRules = (count: number) =>
  yamlLines(
    'ruleset: a',
    'rules:',
    ...Array.from({ length: count }, (_, i) => `  - { id: r${i}, then: { enable: [N] } }`),
  );

describe('rule count', () => {
  it('accepts a file of 10,000 rules', () => {
    expect(diagnose(withRules(10_000))).toEqual([]);
  });

  it('reports a file of more rules at the first rule past the limit', () => {
    expect(diagnose(withRules(10_001))).toEqual(['TOO_MANY_RULES 10003:5']);
    expect(runPipeline(withRules(10_001))[0]!.message).toBe(
      'this file has 10,001 rules; a file may have at most 10,000 (split it into several files)',
    );
  });
});
