import { compileGlobOrThrow } from '../compile-glob-or-throw';
import { defineOperator, expectString } from './operator';

/** The variable matches the glob (compiled once, as `on` and `changed` globs are); false when missing. */
export const matchesOperator = defineOperator({
  name: 'matches',
  prepare: (operand) => compileGlobOrThrow(expectString('matches', operand)),
  test: (view, key, isMatch) => {
    const value = view.get(key);
    return value !== undefined && isMatch(value);
  },
});
