import { expectString, type OperatorDefinition } from './operator';

/** The variable ends with the operand; false when missing. */
export const endsWithOperator: OperatorDefinition = {
  name: 'ends_with',
  compile(operand) {
    const suffix = expectString('ends_with', operand);
    return (view, key) => view.get(key)?.endsWith(suffix) === true;
  },
};
