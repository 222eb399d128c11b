import { compileGlob } from '../../glob/compile-glob';
import { getOperandKind } from '../operators';
import type { SpecPath } from '../spec';
import { asArray, report, type CheckContext } from './check-context';
import { forEachRule, walkAllConditions } from './walk';

/**
 * The globs of a rule file, compiled as the rules will be: `matches`
 * operands, `changed` conditions and `on` entries. A construct outside the
 * documented syntax (GLOB_UNSUPPORTED) or a glob beyond the limits
 * (GLOB_TOO_LARGE) is reported at the construct within the text.
 */
export function checkGlobs(context: CheckContext): void {
  walkAllConditions(context.root, (condition, path) => {
    for (const [key, operand] of Object.entries(condition)) {
      if (typeof operand !== 'string') continue;
      if (key === 'changed' || getOperandKind(key) === 'glob')
        checkGlob(context, operand, [...path, key], key === 'changed' ? 'changed' : 'matches');
    }
  });
  forEachRule(context.root, (rule, path) => {
    if (typeof rule.on === 'string') checkGlob(context, rule.on, [...path, 'on'], 'on');
    asArray(rule.on).forEach((entry, index) => {
      if (typeof entry === 'string') checkGlob(context, entry, [...path, 'on', index], 'on');
    });
  });
}

type GlobPlace = 'matches' | 'changed' | 'on';

/** What does repeat, where each glob is written: only conditions on values have `regex`. */
const REPETITION_INSTEAD: Record<GlobPlace, string> = {
  matches: 'to repeat, write `regex` instead of `matches` (`regex: "^(ab)+$"`)',
  changed: 'list what to watch instead, each in its own `changed` condition under `any`',
  on: '`on` takes event names and globs only: list the events the rule is for (`on: [EVENT_A, EVENT_B]`), or leave `on` out and test the name in `if` (`{ var: state.currentEvent, regex: "^(AB)+$" }`)',
};

function checkGlob(context: CheckContext, pattern: string, path: SpecPath, place: GlobPlace): void {
  const compiled = compileGlob(pattern);
  if (compiled.ok) return;
  const range = context.locateWithin(path, compiled.at.start, compiled.at.end);
  const message = compiled.repeats ? `${compiled.message}; ${REPETITION_INSTEAD[place]}` : compiled.message;
  report(context, compiled.code, message, range);
}
