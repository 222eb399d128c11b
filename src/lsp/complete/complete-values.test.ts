import { readCatalogEntries } from './catalog-entries';
import { completeRuleFile } from './complete-rule-file';
import { completeScenario } from './complete-scenario';
import { findCursorContext } from './find-cursor-context';
import { readSiblings } from './read-siblings';

const catalog = readCatalogEntries(`variables:
  verify.decision:
    values:
      MATCH: The voice is the claimed customer.
      MISMATCH:
  person.optIn: { kind: yes-no }
  "risk.*": { values: [LOW, HIGH] }
  risk.reason:
  verify.score: { kind: number }
`);
const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

const at = (text: string) => findCursorContext(text.replace('|', ''), text.indexOf('|'));
const labels = (items: { label: string }[]) => items.map((item) => item.label);
const inRules = (text: string) =>
  labels(completeRuleFile(at(text), { catalog, conditions: [], lists: [] }, { range, raw: false }));
const inScenario = (text: string) =>
  labels(completeScenario(at(text), { catalog, rules: [] }, { range, raw: false }));

describe('completion of declared values', () => {
  it('offers the values of the condition variable after equals / not_equals, flow or block', () => {
    expect(inRules('rules:\n  - if: { var: verify.decision, equals: | }')).toEqual(['MATCH', 'MISMATCH']);
    expect(inRules('rules:\n  - if: { not_equals: M|, var: verify.decision }')).toEqual([
      'MATCH',
      'MISMATCH',
    ]);
    expect(inRules('rules:\n  - if:\n      var: verify.decision\n      not_equals: |')).toEqual([
      'MATCH',
      'MISMATCH',
    ]);
    expect(inRules('rules:\n  - if:\n      all:\n        - var: person.optIn\n          equals: |')).toEqual([
      'true',
      'false',
    ]);
  });

  it('gives each value its description', () => {
    const context = at('rules:\n  - if: { var: verify.decision, equals: | }');
    const [match] = completeRuleFile(context, { catalog, conditions: [], lists: [] }, { range, raw: false });
    expect(match).toMatchObject({
      label: 'MATCH',
      documentation: { value: 'The voice is the claimed customer.' },
    });
  });

  it('offers them as items of in / not_in, and under a glob declaration', () => {
    expect(inRules('rules:\n  - if: { var: risk.level, in: [LOW, |] }')).toEqual(['LOW', 'HIGH']);
    expect(inRules('rules:\n  - if:\n      var: risk.level\n      not_in:\n        - |')).toEqual([
      'LOW',
      'HIGH',
    ]);
  });

  it('offers the values of a set key, and nothing for a number, a name-only entry or another operator', () => {
    expect(inRules('rules:\n  - then:\n      set:\n        risk.level: |')).toEqual(['LOW', 'HIGH']);
    expect(inRules('rules:\n  - then: { set: { person.optIn: | } }')).toEqual(['true', 'false']);
    expect(inRules('rules:\n  - then:\n      set:\n        risk.reason: |')).toEqual([]);
    expect(inRules('rules:\n  - if: { var: verify.score, equals: | }')).toEqual([]);
    expect(inRules('rules:\n  - if: { var: verify.decision, contains: | }')).toEqual([]);
  });

  it('offers the values of scenario variables and cases', () => {
    expect(inScenario('tests:\n  - name: a\n    variables:\n      verify.decision: |')).toEqual([
      'MATCH',
      'MISMATCH',
    ]);
    expect(inScenario('tests:\n  - name: a\n    cases:\n      - { person.optIn: | }')).toEqual([
      'true',
      'false',
    ]);
  });
});

describe('readSiblings', () => {
  const siblings = (text: string) => readSiblings(text.replace('|', ''), text.indexOf('|'));

  it('reads the flow mapping open at the cursor, whole line', () => {
    expect(siblings('- { var: "a.b", in: [X, |], note: y } # c')).toEqual({ var: 'a.b', note: 'y' });
  });

  it('reads the block mapping of the cursor line, above and below, and stops at its item', () => {
    const text = ['- var: other', '- var: a.b  # the var', '  in:', '    - |', '  not: x', 'next: 1'].join(
      '\n',
    );
    expect(siblings(text)).toEqual({ var: 'a.b', not: 'x' });
  });
});
