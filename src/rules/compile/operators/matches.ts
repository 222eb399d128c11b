import micromatch from 'micromatch';
import { defineOperator, expectString } from './operator';

/** The variable matches the glob (micromatch, default options, as `on` uses); false when missing. */
export const matchesOperator = defineOperator({
  name: 'matches',
  prepare: (operand) => micromatch.matcher(expectString('matches', operand)),
  test: (view, key, isMatch) => {
    const value = view.get(key);
    return value !== undefined && isMatch(value);
  },
});
