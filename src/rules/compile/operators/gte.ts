import { defineOperator, expectNumber } from './operator';

/** The variable, read as a finite number, is at least the operand; false when missing or not numeric. */
export const gteOperator = defineOperator({
  name: 'gte',
  prepare: (operand) => expectNumber('gte', operand),
  test: (view, key, bound) => {
    const value = view.number(key);
    return value !== undefined && value >= bound;
  },
});
