import { EventView } from '../event-view';
import { OPERATOR_NAMES } from '../../operators';
import { OPERATOR_REGISTRY } from './registry';

const context = { resolveList: (name: string) => (name === 'risky' ? ['FRAUD', 'SPOOF'] : []) };

function check(
  operator: keyof typeof OPERATOR_REGISTRY,
  operand: unknown,
  value: string | undefined,
): boolean {
  const test = OPERATOR_REGISTRY[operator].compile(operand, context);
  return test(new EventView(value === undefined ? {} : { v: value }), 'v');
}

describe('operator registry', () => {
  it('has one definition per operator name, under its own name', () => {
    expect(Object.keys(OPERATOR_REGISTRY).sort()).toEqual([...OPERATOR_NAMES].sort());
    for (const [name, def] of Object.entries(OPERATOR_REGISTRY)) expect(def.name).toBe(name);
  });
});

describe.each([
  // operator, operand, value, expected
  ['equals', 'MATCH', 'MATCH', true],
  ['equals', 'MATCH', 'match', false],
  ['not_equals', 'MATCH', 'MISMATCH', true],
  ['not_equals', 'MATCH', 'MATCH', false],
  ['in', ['A', 'B'], 'B', true],
  ['in', ['A', 'B'], 'C', false],
  ['in', { list: 'risky' }, 'SPOOF', true],
  ['not_in', ['A', 'B'], 'C', true],
  ['not_in', { list: 'risky' }, 'FRAUD', false],
  ['in', ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J'], 'J', true],
  ['in', ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J'], 'K', false],
  ['not_in', ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J'], 'J', false],
  ['matches', 'VERIFY_*', 'VERIFY_DONE', true],
  ['matches', '+44*', '+4420', true],
  ['matches', 'VERIFY_*', 'ENROLL_DONE', false],
  ['regex', '^[0-9]{3}$', '123', true],
  ['regex', '^[0-9]{3}$', '1234', false],
  ['regex', 'raud', 'fraud', true],
  ['exists', true, '', true],
  ['exists', false, '', false],
  ['gt', 0.5, '0.6', true],
  ['gt', 0.5, '0.5', false],
  ['gte', 0.5, '0.5', true],
  ['lt', '0.3', '0.29', true],
  ['lt', 0.3, '0.3', false],
  ['lte', 0.3, '0.3', true],
  ['gt', 1, 'high', false],
  ['gt', -1, '', false],
  ['lt', 10, ' 5 ', true],
  ['contains', 'raud', 'fraud', true],
  ['contains', 'x', 'fraud', false],
  ['starts_with', '+44', '+4420', true],
  ['starts_with', '+44', '0044', false],
  ['ends_with', '.com', 'a@b.com', true],
  ['ends_with', '.com', 'a@b.org', false],
] as const)('%s %j on %j', (operator, operand, value, expected) => {
  it(`is ${expected}`, () => expect(check(operator, operand, value)).toBe(expected));
});

describe('a missing variable', () => {
  const trueWhenMissing = new Set(['not_equals', 'not_in']);
  const operands: Record<string, unknown> = {
    equals: 'x',
    not_equals: 'x',
    in: ['x'],
    not_in: ['x'],
    matches: '*',
    regex: '.*',
    exists: true,
    gt: 0,
    gte: 0,
    lt: 0,
    lte: 0,
    contains: '',
    starts_with: '',
    ends_with: '',
  };
  it.each(OPERATOR_NAMES.map((n) => [n]))('makes %s false, unless it is not_equals or not_in', (name) => {
    expect(check(name, operands[name], undefined)).toBe(trueWhenMissing.has(name));
  });
  it('makes exists: false true', () => expect(check('exists', false, undefined)).toBe(true));
});
