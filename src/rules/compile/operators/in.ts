import { defineOperator, resolveListOperand, listHas } from './operator';

/** The variable is one of the listed texts; false when missing. */
export const inOperator = defineOperator({
  name: 'in',
  prepare: (operand, context) => resolveListOperand('in', operand, context),
  test: (view, key, allowed) => {
    const value = view.get(key);
    return value !== undefined && listHas(allowed, value);
  },
});
