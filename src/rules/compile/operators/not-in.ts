import { defineOperator, resolveListOperand, listHas } from './operator';

/** The variable is none of the listed texts; true when missing. */
export const notInOperator = defineOperator({
  name: 'not_in',
  prepare: (operand, context) => resolveListOperand('not_in', operand, context),
  test: (view, key, excluded) => {
    const value = view.get(key);
    return value === undefined || !listHas(excluded, value);
  },
});
