import { createRegex } from '../../operators';
import { defineOperator, expectString } from './operator';

/** The variable contains a match of the regular expression (built once, without flags); false when missing. */
export const regexOperator = defineOperator({
  name: 'regex',
  prepare: (operand) => createRegex(expectString('regex', operand)),
  test: (view, key, pattern) => {
    const value = view.get(key);
    return value !== undefined && pattern.test(value);
  },
});
