import { expectString, type OperatorDefinition } from './operator';

/** The variable is exactly the operand; false when missing. */
export const equalsOperator: OperatorDefinition = {
  name: 'equals',
  compile(operand) {
    const expected = expectString('equals', operand);
    return (view, key) => view.get(key) === expected;
  },
};
