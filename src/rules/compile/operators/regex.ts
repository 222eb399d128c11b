import { createRegex } from '../../operators';
import { expectString, type OperatorDefinition } from './operator';

/** The variable contains a match of the regular expression (built once, without flags); false when missing. */
export const regexOperator: OperatorDefinition = {
  name: 'regex',
  compile(operand) {
    const pattern = createRegex(expectString('regex', operand));
    return (view, key) => {
      const value = view.get(key);
      return value !== undefined && pattern.test(value);
    };
  },
};
