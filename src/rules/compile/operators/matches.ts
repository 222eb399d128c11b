import micromatch from 'micromatch';
import { expectString, type OperatorDefinition } from './operator';

/** The variable matches the glob (micromatch, default options, as `on` uses); false when missing. */
export const matchesOperator: OperatorDefinition = {
  name: 'matches',
  compile(operand) {
    const isMatch = micromatch.matcher(expectString('matches', operand));
    return (view, key) => {
      const value = view.get(key);
      return value !== undefined && isMatch(value);
    };
  },
};
