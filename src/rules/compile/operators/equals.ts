import { defineOperator, expectString } from './operator';

/** The variable is exactly the operand; false when missing. */
export const equalsOperator = defineOperator({
  name: 'equals',
  prepare: (operand) => expectString('equals', operand),
  test: (view, key, expected) => view.get(key) === expected,
});
