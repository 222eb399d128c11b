import type { OperatorDefinition } from './operator';

/** `exists: true`: the variable is present; `exists: false`: it is missing. */
export const existsOperator: OperatorDefinition = {
  name: 'exists',
  compile(operand) {
    if (typeof operand !== 'boolean')
      throw new TypeError('exists: operand must be a boolean after validation');
    return operand ? (view, key) => view.get(key) !== undefined : (view, key) => view.get(key) === undefined;
  },
};
