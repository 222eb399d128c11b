import { expectString, type OperatorDefinition } from './operator';

/** The variable is not the operand; true when missing. */
export const notEqualsOperator: OperatorDefinition = {
  name: 'not_equals',
  compile(operand) {
    const unexpected = expectString('not_equals', operand);
    return (view, key) => view.get(key) !== unexpected;
  },
};
