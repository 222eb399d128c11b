import { defineOperator, expectString } from './operator';

/** The variable ends with the operand; false when missing. */
export const endsWithOperator = defineOperator({
  name: 'ends_with',
  prepare: (operand) => expectString('ends_with', operand),
  test: (view, key, suffix) => view.get(key)?.endsWith(suffix) === true,
});
