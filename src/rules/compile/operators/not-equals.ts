import { defineOperator, expectString } from './operator';

/** The variable is not the operand; true when missing. */
export const notEqualsOperator = defineOperator({
  name: 'not_equals',
  prepare: (operand) => expectString('not_equals', operand),
  test: (view, key, unexpected) => view.get(key) !== unexpected,
});
