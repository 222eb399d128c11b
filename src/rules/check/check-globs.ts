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
      if (key === 'changed' || getOperandKind(key) === 'glob') checkGlob(context, operand, [...path, key]);
    }
  });
  forEachRule(context.root, (rule, path) => {
    if (typeof rule.on === 'string') checkGlob(context, rule.on, [...path, 'on']);
    asArray(rule.on).forEach((entry, index) => {
      if (typeof entry === 'string') checkGlob(context, entry, [...path, 'on', index]);
    });
  });
}

function checkGlob(context: CheckContext, pattern: string, path: SpecPath): void {
  const compiled = compileGlob(pattern);
  if (compiled.ok) return;
  const range = context.locateWithin(path, compiled.at.start, compiled.at.end);
  report(context, compiled.code, compiled.message, range);
}
