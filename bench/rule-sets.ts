import type { ConditionSpec, LeafSpec, LoadedRuleset, RuleSpec, RulesetSpec } from '../src/rules/spec';
import { NUMBER_FACTS, realisticVariables, STRING_FACTS } from './events';
import { formatCount } from './table';
import { seededRandom } from '../test/support/random-rules';

/**
 * Generated rule sets, as plain data (what the YAML loader hands the compiler).
 * Rule "templates" 0…99 are 100 distinct realistic rules; a rule set places
 * copies of them on event names. Template t holds on the bench events when t is
 * even: half of the rules fire.
 */

export const TEMPLATES_PER_NAME = 100;
const RULESETS = 10;

function pick<T>(items: readonly T[], next: () => number): T {
  return items[Math.floor(next() * items.length)] as T;
}

/** A variable of `facts` the condition does not test yet, taken. */
function pickUnused(facts: object, used: Set<string>, next: () => number): string {
  const key = pick(
    Object.keys(facts).filter((k) => !used.has(k)),
    next,
  );
  used.add(key);
  return key;
}

/**
 * A leaf on a known variable that holds (or not) on the bench events. Each leaf
 * of a condition tests its own variable: a false leaf is false on the bench
 * events, not on every event, as in a pack people write (`validate` warns
 * about a condition that can never hold).
 */
function leaf(kind: number, holds: boolean, next: () => number, used: Set<string>): LeafSpec {
  if (kind < 2) {
    const key = pickUnused(STRING_FACTS, used, next);
    const fact = STRING_FACTS[key] as { value: string; others: readonly string[] };
    const other = pick(fact.others, next);
    if (kind === 0) return { var: key, equals: holds ? fact.value : other };
    const rest = fact.others.filter((o) => o !== other).slice(0, 1);
    return { var: key, in: holds ? [other, fact.value, ...rest] : [other, ...rest] };
  }
  const key = pickUnused(NUMBER_FACTS, used, next);
  const value = NUMBER_FACTS[key] as number;
  const margin = Math.max(Math.abs(value) * 0.25, 0.01);
  const below = Number((value - margin).toFixed(2));
  const above = Number((value + margin).toFixed(2));
  if (kind === 2) return { var: key, lt: holds ? above : below };
  return { var: key, gt: holds ? below : above };
}

/** The condition of template t: `all` of 2–3 leaves; one leaf is false when t is odd. */
function templateCondition(t: number): ConditionSpec {
  const next = seededRandom(1000 + t);
  const count = next() < 0.5 ? 2 : 3;
  const falseAt = t % 2 === 0 ? -1 : Math.floor(next() * count);
  const leaves: ConditionSpec[] = [];
  const used = new Set<string>();
  for (let i = 0; i < count; i++) leaves.push(leaf(Math.floor(next() * 4), i !== falseAt, next, used));
  return { all: leaves };
}

function templateRule(t: number, id: string, on: string | undefined): RuleSpec {
  const rule: RuleSpec = {
    id,
    if: templateCondition(t),
    then: {
      set: {
        [`bench.rule${t}.session`]: '${state.sessionId}',
        'risk.note': `t${t}: score \${verify.score:-none}, tier \${custom.tier}`,
      },
    },
  };
  if (on !== undefined) rule.on = on;
  if (t % 4 === 0) {
    rule.then.schedule = [
      { action: 'Enroll', parameters: { person_id: '${person.id}', note: 'tier ${custom.tier:-unknown}' } },
    ];
  }
  return rule;
}

/**
 * The templates placed on each of `names` (or, with `undefined`, copies without
 * `on`), spread over 10 rulesets: ruleset s holds templates 10s…10s+9 of every
 * name. An event named by one of `names` therefore sees 100 rules in every
 * layout, in the same 10 rulesets, in the same order. With fewer templates per
 * name (`perName` < 100: templates 0…perName-1), the rulesets hold one tenth
 * of them each, rounded up, and as many rulesets as that takes.
 */
export function generateRulesets(
  names: readonly (string | undefined)[],
  perName = TEMPLATES_PER_NAME,
): LoadedRuleset[] {
  const perRuleset = Math.ceil(perName / RULESETS);
  const loaded: LoadedRuleset[] = [];
  for (let s = 0; s * perRuleset < perName; s++) {
    const rules: RuleSpec[] = [];
    names.forEach((name, n) => {
      for (let t = s * perRuleset; t < Math.min((s + 1) * perRuleset, perName); t++)
        rules.push(templateRule(t, `n${n}-t${t}`, name));
    });
    const spec: RulesetSpec = { ruleset: `bench-${s}`, rules };
    loaded.push({ file: `bench-${s}.yaml`, spec, locate: () => undefined });
  }
  return loaded;
}

/** The rule sets the evaluators are compared on (hand-written, json-rules-engine): names × templates per name. */
export const RULE_SET_SIZES: readonly { names: number; perName: number }[] = [
  { names: 10, perName: 5 },
  { names: 10, perName: 100 },
  { names: 100, perName: 100 },
];

export function describeSize(size: { names: number; perName: number }): string {
  return `${formatCount(size.names * size.perName)} rules over ${size.names} names (${size.perName} per event)`;
}

/** 100 distinct bench events cycling over the names (bench/events.ts). */
export function makeEvents(names: readonly string[]): Record<string, string>[] {
  return Array.from({ length: Math.max(100, names.length) }, (_, i) =>
    realisticVariables(names[i % names.length] as string, i),
  );
}
