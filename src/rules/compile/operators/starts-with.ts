import { defineOperator, expectString } from './operator';

/** The variable starts with the operand; false when missing. */
export const startsWithOperator = defineOperator({
  name: 'starts_with',
  prepare: (operand) => expectString('starts_with', operand),
  test: (view, key, prefix) => view.get(key)?.startsWith(prefix) === true,
});
