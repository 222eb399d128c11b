import { defineOperator, expectNumber } from './operator';

/** The variable, read as a finite number, is greater than the operand; false when missing or not numeric. */
export const gtOperator = defineOperator({
  name: 'gt',
  prepare: (operand) => expectNumber('gt', operand),
  test: (view, key, bound) => {
    const value = view.number(key);
    return value !== undefined && value > bound;
  },
});
