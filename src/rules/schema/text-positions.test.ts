import { buildScenarioSchema } from '../../testing/scenario/scenario-schema';
import { buildRulesSchema } from './rules-schema';
import { findTextPositions, isTextSchema } from './text-positions';

describe('findTextPositions', () => {
  const isRuleText = findTextPositions(buildRulesSchema());

  it.each([
    [['ruleset'], true],
    [['lists', 'risky', 0], true],
    [['lists', 'risky'], false],
    [['rules', 0, 'id'], true],
    [['rules', 0, 'on'], true],
    [['rules', 0, 'on', 1], true],
    [['rules', 0, 'priority'], false],
    [['rules', 0, 'stop'], false],
    [['rules', 0, 'if', 'equals'], true],
    [['rules', 0, 'if', 'gt'], false],
    [['rules', 0, 'if', 'exists'], false],
    [['rules', 0, 'if', 'in', 0], true],
    [['rules', 0, 'if', 'in', 'list'], true],
    [['conditions', 'gold', 'all', 0, 'any', 1, 'not', 'matches'], true],
    [['when', 'var'], true],
    [['rules', 0, 'then', 'set', 'risk.level'], true],
    [['rules', 0, 'then', 'schedule', 0, 'parameters', 'person_id'], true],
    [['rules', 0, 'then', 'filter', 'values_to_ignore', 'x'], true],
    [['rules', 0, 'unknown'], false],
    [['rules', 'x', 'id'], false],
  ] as const)('rule files: %j is text: %p', (path, expected) => {
    expect(isRuleText(path)).toBe(expected);
  });

  it('follows the scenario schema, not key names: a variable may be called `enable` or `result_code`', () => {
    const isScenarioText = findTextPositions(buildScenarioSchema());
    expect(isScenarioText(['tests', 0, 'cases', 0, 'enable'])).toBe(true);
    expect(isScenarioText(['tests', 0, 'expect', 'updates', 'exactly', 'result_code'])).toBe(true);
    expect(isScenarioText(['tests', 0, 'expect', 'response', 'result_code'])).toBe(false);
    expect(isScenarioText(['tests', 0, 'events', 0, 'expect', 'sent'])).toBe(false);
  });

  it('ends on a $ref loop instead of hanging', () => {
    const looping = findTextPositions({ $ref: '#/$defs/a', $defs: { a: { $ref: '#/$defs/a' } } });
    expect(looping(['x'])).toBe(false);
  });
});

describe('isTextSchema', () => {
  it.each([
    [{ type: 'string' }, true],
    [{ type: ['string', 'array'] }, true],
    [{ type: ['number', 'string'] }, false],
    [{ type: ['string', 'boolean'] }, false],
    [{ type: 'object' }, false],
    [{}, false],
  ])('%j: %p', (schema, expected) => {
    expect(isTextSchema(schema)).toBe(expected);
  });
});
