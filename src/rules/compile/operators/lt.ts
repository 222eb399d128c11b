import { expectNumber, type OperatorDefinition } from './operator';

/** The variable, read as a finite number, is less than the operand; false when missing or not numeric. */
export const ltOperator: OperatorDefinition = {
  name: 'lt',
  compile(operand) {
    const bound = expectNumber('lt', operand);
    return (view, key) => {
      const value = view.number(key);
      return value !== undefined && value < bound;
    };
  },
};
