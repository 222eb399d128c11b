import { compileGlobOrThrow } from '../compile-glob-or-throw';
import { defineOperator, expectString } from './operator';

/**
 * The variable matches the glob (compiled once, as `on` and `changed` globs
 * are); false when missing. The scan is charged to the budget by the value's length.
 */
export const matchesOperator = defineOperator({
  name: 'matches',
  prepare: (operand) => compileGlobOrThrow(expectString('matches', operand)),
  test: (view, key, isMatch) => {
    const value = view.get(key);
    if (value === undefined) return false;
    view.budget.scan(value.length);
    return isMatch(value);
  },
});
