import type { Counter, Metrics } from '../observability/metrics';
import type { RuleBook } from '../rules/compile/rule-book';

/**
 * The counters a rule adds to when it fires, bound at load time for every rule of the book: the rule's
 * own (rulehook_rules_fired_total), one per operation it schedules (rulehook_operations_total), one
 * per node it enables or disables (rulehook_node_overrides_total). A fired rule always sends all of
 * its operations and overrides, so per event counting is a lookup of the rule and increments; label
 * values are only ever those the rule set holds.
 */
export function bindRuleCounters(book: RuleBook, metrics: Metrics): ReadonlyMap<string, readonly Counter[]> {
  const fired = metrics.labeledCounter('rulehook_rules_fired_total', 'Rules fired, by ruleset and rule.', [
    'ruleset',
    'rule',
  ]);
  const operations = metrics.labeledCounter(
    'rulehook_operations_total',
    'Operations the rules asked the engine to perform (actions_to_perform), by action.',
    ['action'],
  );
  const overrides = metrics.labeledCounter(
    'rulehook_node_overrides_total',
    'Nodes the rules enabled or disabled (nodes_to_override), by node and enable (true, false).',
    ['node', 'enable'],
  );
  const byRule = new Map<string, Counter[]>();
  for (const ruleset of book.rulesets) {
    for (const rule of ruleset.rules) {
      const counters = [fired.labels(rule.ruleset, rule.id)];
      for (const operation of rule.schedule) counters.push(operations.labels(operation.action));
      for (const override of rule.overrides)
        for (const node of override.node_names)
          counters.push(overrides.labels(node, String(override.enable)));
      byRule.set(rule.qualifiedId, counters);
    }
  }
  return byRule;
}

/** Counts the rules that fired on one event, with their operations and overrides. */
export function countFiredRules(
  byRule: ReadonlyMap<string, readonly Counter[]>,
  fired: readonly string[],
): void {
  for (const id of fired) {
    const counters = byRule.get(id);
    if (counters !== undefined) for (const counter of counters) counter.inc();
  }
}
