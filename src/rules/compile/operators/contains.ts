import { defineOperator, expectString } from './operator';

/** The variable contains the operand; false when missing. */
export const containsOperator = defineOperator({
  name: 'contains',
  prepare: (operand) => expectString('contains', operand),
  test: (view, key, needle) => view.get(key)?.includes(needle) === true,
});
