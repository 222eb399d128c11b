import { defineOperator, expectNumber } from './operator';

/** The variable, read as a finite number, is less than the operand; false when missing or not numeric. */
export const ltOperator = defineOperator({
  name: 'lt',
  prepare: (operand) => expectNumber('lt', operand),
  test: (view, key, bound) => {
    const value = view.number(key);
    return value !== undefined && value < bound;
  },
});
