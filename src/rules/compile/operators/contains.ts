import { expectString, type OperatorDefinition } from './operator';

/** The variable contains the operand; false when missing. */
export const containsOperator: OperatorDefinition = {
  name: 'contains',
  compile(operand) {
    const needle = expectString('contains', operand);
    return (view, key) => view.get(key)?.includes(needle) === true;
  },
};
