import { report, type CheckContext } from './check-context';
import { forEachRule } from './walk';

/** Rule ids are unique within a ruleset; every repeat is reported at its `id`. */
export function checkRuleIds(context: CheckContext): void {
  const seen = new Set<string>();
  forEachRule(context.root, (rule, path) => {
    if (typeof rule.id !== 'string') return;
    if (seen.has(rule.id)) {
      const message = `another rule of this ruleset already has the id '${rule.id}'; rule ids must be unique`;
      report(context, 'DUPLICATE_RULE_ID', message, context.locate([...path, 'id']));
    }
    seen.add(rule.id);
  });
}
