import { expectNumber, type OperatorDefinition } from './operator';

/** The variable, read as a finite number, is at least the operand; false when missing or not numeric. */
export const gteOperator: OperatorDefinition = {
  name: 'gte',
  compile(operand) {
    const bound = expectNumber('gte', operand);
    return (view, key) => {
      const value = view.number(key);
      return value !== undefined && value >= bound;
    };
  },
};
