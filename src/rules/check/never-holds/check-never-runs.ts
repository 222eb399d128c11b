import type { SpecPath } from '../../spec';
import { report, type CheckContext, type PlainRecord } from '../check-context';
import { forEachRule } from '../walk';
import { StopRules, type StopRule } from './stop-rules';

/** Stop rules named in one message; the rest are counted. */
const TAKERS_NAMED = 3;

/**
 * Rules that an earlier rule always ends the ruleset before (RULE_NEVER_RUNS):
 * an enabled rule with `stop: true`, no `if` and not `once`, that runs first
 * (higher `priority`, or equal and written before) and whose `on` takes every
 * event the later rule's `on` can name. Reported at the later rule's `on`
 * (its `id` when it has none), unless its `when` already excludes it.
 */
export function checkNeverRuns(context: CheckContext): void {
  const rules: { rule: PlainRecord; path: SpecPath; priority: number; order: number }[] = [];
  let ordered = true;
  forEachRule(context.root, (rule, path) => {
    const priority = rule.priority ?? 0;
    // A priority that is not a whole number is an error of its own; the order is then unknown.
    if (typeof priority !== 'number' || !Number.isInteger(priority)) ordered = false;
    rules.push({ rule, path, priority: Number(priority), order: rules.length });
  });
  if (!ordered) return;
  rules.sort((a, b) => b.priority - a.priority || a.order - b.order);
  const reported = new Set(
    context.diagnostics.filter((d) => d.code === 'RULE_NEVER_RUNS').map((d) => d.range?.start),
  );
  const stops = new StopRules();
  for (const { rule, path } of rules) {
    const takers = rule.enabled === false ? undefined : stops.takersOf(rule.on);
    const at = takers && context.locate([...path, rule.on === undefined ? 'id' : 'on']);
    if (takers && !reported.has(at?.start)) reportTaken(context, takers, at);
    stops.add(rule, path);
  }
}

function reportTaken(
  context: CheckContext,
  takers: readonly StopRule[],
  at: ReturnType<CheckContext['locate']>,
) {
  const named = takers.slice(0, TAKERS_NAMED).map((t) => `'${t.id}'`);
  const rest = takers.length - named.length;
  const names = rest > 0 ? `${named.join(', ')} and ${rest} more` : named.join(' and ');
  const [first] = takers;
  const which = takers.length === 1 ? `the rule ${names}, which runs` : `the rules ${names}, which run`;
  const message = `this rule never runs: ${which} before it with \`stop: true\` and no \`if\`, ${takers.length === 1 ? 'takes' : 'take'} every event its \`on\` names and ${takers.length === 1 ? 'ends' : 'end'} the ruleset`;
  const range = first && context.locate([...first.path, 'stop']);
  const related = range && { file: context.file, range, message: `'${first.id}' stops the ruleset here` };
  report(context, 'RULE_NEVER_RUNS', message, at, undefined, related);
}
