import { compileRegex } from '../../regex';
import { defineOperator, expectString } from './operator';

/**
 * The variable contains a match of the regular expression (RE2, compiled once,
 * without flags); false when missing. The scan is charged to the budget by the
 * value's length before it runs.
 */
export const regexOperator = defineOperator({
  name: 'regex',
  prepare: (operand) => {
    const compiled = compileRegex(expectString('regex', operand));
    if (!compiled.ok) throw new TypeError(`regex: operand must be a valid RE2 expression after validation`);
    return compiled.matcher;
  },
  test: (view, key, matcher) => {
    const value = view.get(key);
    if (value === undefined) return false;
    view.budget.scan(value.length);
    return matcher.test(value);
  },
});
