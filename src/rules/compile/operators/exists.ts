import { defineOperator } from './operator';

/** `exists: true`: the variable is present; `exists: false`: it is missing. */
export const existsOperator = defineOperator({
  name: 'exists',
  prepare(operand) {
    if (typeof operand !== 'boolean')
      throw new TypeError('exists: operand must be a boolean after validation');
    return operand;
  },
  test: (view, key, present) => (view.get(key) !== undefined) === present,
});
