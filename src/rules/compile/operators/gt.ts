import { expectNumber, type OperatorDefinition } from './operator';

/** The variable, read as a finite number, is greater than the operand; false when missing or not numeric. */
export const gtOperator: OperatorDefinition = {
  name: 'gt',
  compile(operand) {
    const bound = expectNumber('gt', operand);
    return (view, key) => {
      const value = view.number(key);
      return value !== undefined && value > bound;
    };
  },
};
