import { resolveListOperand, type OperatorDefinition } from './operator';

/** The variable is none of the listed texts; true when missing. */
export const notInOperator: OperatorDefinition = {
  name: 'not_in',
  compile(operand, context) {
    const excluded = resolveListOperand('not_in', operand, context);
    return (view, key) => {
      const value = view.get(key);
      return value === undefined || !excluded.has(value);
    };
  },
};
