import { expectNumber, type OperatorDefinition } from './operator';

/** The variable, read as a finite number, is at most the operand; false when missing or not numeric. */
export const lteOperator: OperatorDefinition = {
  name: 'lte',
  compile(operand) {
    const bound = expectNumber('lte', operand);
    return (view, key) => {
      const value = view.number(key);
      return value !== undefined && value <= bound;
    };
  },
};
