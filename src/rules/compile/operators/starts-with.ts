import { expectString, type OperatorDefinition } from './operator';

/** The variable starts with the operand; false when missing. */
export const startsWithOperator: OperatorDefinition = {
  name: 'starts_with',
  compile(operand) {
    const prefix = expectString('starts_with', operand);
    return (view, key) => view.get(key)?.startsWith(prefix) === true;
  },
};
