import { resolveListOperand, type OperatorDefinition } from './operator';

/** The variable is one of the listed texts; false when missing. */
export const inOperator: OperatorDefinition = {
  name: 'in',
  compile(operand, context) {
    const allowed = resolveListOperand('in', operand, context);
    return (view, key) => {
      const value = view.get(key);
      return value !== undefined && allowed.has(value);
    };
  },
};
