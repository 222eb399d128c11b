import type { RelatedLocation } from '../../../diagnostics/diagnostic';
import type { SpecPath } from '../../spec';
import { asRecord, report, type CheckContext, type PlainRecord } from '../check-context';
import { forEachRule } from '../walk';
import { describeChoices, describeConflict, describeFirst } from './describe-reason';
import { foldCondition, type FoldContext, type Reason } from './fold-condition';
import { readOn } from './on-requirement';
import { orderNamedConditions } from './order-named';
import type { Part } from './requirement';
import { addRequirement, Facts, type Conflict } from './variable-facts';

/**
 * Steps (conditions visited, named conditions expanded at each use) per
 * `when`, named condition or rule: far beyond real rules, and what bounds the
 * work on packs of thousands of rules. Past it the rest is taken as able to hold.
 */
const STEPS = 2_000;

/**
 * Conditions that can never hold (CONDITION_NEVER_HOLDS), and rules whose `on`
 * names only events their ruleset's `when` excludes (RULE_NEVER_RUNS). Each
 * named condition and the `when` are checked on their own, once; each rule as
 * the conjunction of the `when`, its `on` and its `if`. A conflict is reported
 * where it shows: at the requirement that completes it, the first one it
 * conflicts with as the related place.
 */
export function checkNeverHolds(context: CheckContext): void {
  const ruleset = asRecord(context.root);
  if (!ruleset) return;
  const conditions = asRecord(ruleset.conditions);
  const verdicts = new Map<string, boolean>();
  const expanding = new Set<string>();
  const lists = asRecord(ruleset.lists);
  const neverHolds = (name: string) => verdicts.get(name) === true;
  const start = (): FoldContext => ({
    lists,
    conditions,
    neverHolds,
    expanding,
    steps: STEPS,
    depth: 0,
    found: [],
  });
  const check = (value: unknown, facts: Facts, path: SpecPath, part: Part): boolean => {
    const fold = start();
    const reason = foldCondition(value, facts, { path, anchor: path, part }, fold);
    for (const found of fold.found) reportReason(context, found);
    if (reason) reportReason(context, reason);
    return reason !== undefined;
  };
  for (const name of orderNamedConditions(conditions ?? {})) {
    expanding.add(name);
    verdicts.set(name, check(conditions?.[name], new Facts(), ['conditions', name], 'condition'));
    expanding.delete(name);
  }
  const when = new Facts();
  const whenNever = check(ruleset.when, when, ['when'], 'when');
  forEachRule(context.root, (rule, path) => {
    const facts = whenNever ? new Facts() : when.branch();
    if (!excludesOn(context, rule, path, facts)) check(rule.if, facts, [...path, 'if'], 'if');
  });
}

/** Adds an enabled rule's `on` to the facts of its `when`; true when they exclude each other (reported). */
function excludesOn(context: CheckContext, rule: PlainRecord, path: SpecPath, facts: Facts): boolean {
  const onPath = [...path, 'on'];
  const on = readOn(rule.on, { path: onPath, anchor: onPath, part: 'on' });
  // A disabled rule runs on no event anyway: its `if` is still checked, under its `when` alone.
  const conflict = on && rule.enabled !== false && addRequirement(facts, on);
  if (!conflict) return false;
  const when = conflict.requirements.slice(0, -1).map((r) => r.wording);
  const message = `this rule never runs: the ruleset's \`when\` requires ${conflict.variable} to ${when.join(' and ')}, and no event that \`on\` names does`;
  const related = relatedOf(context, conflict);
  report(context, 'RULE_NEVER_RUNS', message, context.locate(onPath), undefined, related);
  return true;
}

function reportReason(context: CheckContext, reason: Reason): void {
  if (reason.kind === 'reported') return;
  if (reason.kind === 'any') {
    const message = `this \`any\` can never hold: ${describeChoices(reason)}`;
    report(context, 'CONDITION_NEVER_HOLDS', message, context.locate(reason.anchor));
    return;
  }
  const { conflict } = reason;
  const last = conflict.requirements[conflict.requirements.length - 1];
  if (!last) return;
  const message = `this condition can never hold: ${describeConflict(conflict)}`;
  report(
    context,
    'CONDITION_NEVER_HOLDS',
    message,
    context.locate(last.source.anchor),
    undefined,
    relatedOf(context, conflict),
  );
}

function relatedOf(context: CheckContext, conflict: Conflict): RelatedLocation | undefined {
  const [first] = conflict.requirements;
  const range = first && context.locate(first.source.path);
  return range && { file: context.file, range, message: describeFirst(conflict) };
}
