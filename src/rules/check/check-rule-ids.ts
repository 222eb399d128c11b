import type { Range } from '../../diagnostics/diagnostic';
import { report, type CheckContext } from './check-context';
import { forEachRule } from './walk';

/**
 * Rule ids are unique within a ruleset; every repeat is reported at its `id`,
 * with the first rule's `id` as the related location.
 */
export function checkRuleIds(context: CheckContext): void {
  const first = new Map<string, Range | undefined>();
  forEachRule(context.root, (rule, path) => {
    if (typeof rule.id !== 'string') return;
    const range = context.locate([...path, 'id']);
    if (!first.has(rule.id)) {
      first.set(rule.id, range);
      return;
    }
    const message = `another rule of this ruleset already has the id '${rule.id}'; rule ids must be unique`;
    const earlier = first.get(rule.id);
    const related = earlier && { file: context.file, range: earlier, message: 'first defined here' };
    report(context, 'DUPLICATE_RULE_ID', message, range, undefined, related);
  });
}
