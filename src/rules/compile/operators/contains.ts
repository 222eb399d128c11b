import { defineOperator, expectString } from './operator';

/** The variable contains the operand; false when missing. The search is charged to the budget by the value's length. */
export const containsOperator = defineOperator({
  name: 'contains',
  prepare: (operand) => expectString('contains', operand),
  test: (view, key, needle) => {
    const value = view.get(key);
    if (value === undefined) return false;
    view.budget.scan(value.length);
    return value.includes(needle);
  },
});
