import { defineOperator, expectNumber } from './operator';

/** The variable, read as a finite number, is at most the operand; false when missing or not numeric. */
export const lteOperator = defineOperator({
  name: 'lte',
  prepare: (operand) => expectNumber('lte', operand),
  test: (view, key, bound) => {
    const value = view.number(key);
    return value !== undefined && value <= bound;
  },
});
