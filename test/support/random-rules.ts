import { OPERATOR_NAMES } from '../../src/rules/operators';
import type { ConditionSpec, LeafSpec, RuleSpec, RulesetSpec } from '../../src/rules/spec';

/**
 * Random rulesets and events with every operator and feature of the
 * evaluator (conditions of every shape, once, stop, priorities, disabled
 * rules, `when`, named lists and conditions, templates with fallbacks and
 * missing variables, scheduled operations, overrides, filters), over awkward
 * names and values (`__proto__`, quotes, `${`, long texts, numbers in every
 * writing), for tests that compare two ways of evaluating.
 */

/** A small deterministic PRNG (mulberry32). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;
const pick = <T>(items: readonly T[], next: Random): T => items[Math.floor(next() * items.length)] as T;
const times = <T>(max: number, next: Random, make: (i: number) => T): T[] =>
  Array.from({ length: Math.floor(next() * (max + 1)) }, (_, i) => make(i));

export const EVENT_NAMES = ['E1', 'E2', 'E3', 'OTHER'];
const KEYS = ['a', 'b.c', '__proto__', 'constructor', 'num', 'n2', "q'k", 'long', 'toString'];
const TEXTS = [
  '',
  ' ',
  'gold',
  'silver',
  'go',
  '5',
  ' 5 ',
  '0x1F',
  '-0',
  '1e999',
  '0.27',
  '${a}',
  "it's",
  '`x`',
];
const LONG_NUMBER = `${' '.repeat(1100)}7`;
const LONG_TEXT = `gold${'x'.repeat(1500)}`;
const VALUES = [...TEXTS, LONG_NUMBER, LONG_TEXT];
const NUMBERS = [0, 5, -1, 0.27, 31, -0];
const GLOBS = ['go*', '*5*', '{gold,silver}', '?'];
const REGEXES = ['^g', '[0-9]', 'x{3}'];
const TEMPLATES = [
  'plain',
  '${a}',
  'x ${num:-none} y',
  '${__proto__}${b.c}',
  "${q'k:-it's}",
  '${missing}!',
  '',
];

function operand(operator: string, next: Random): unknown {
  switch (operator) {
    case 'in':
    case 'not_in':
      return next() < 0.2
        ? { list: pick(['short', 'long'], next) }
        : times(10, next, () => pick(TEXTS, next));
    case 'matches':
      return pick(GLOBS, next);
    case 'regex':
      return pick(REGEXES, next);
    case 'exists':
      return next() < 0.5;
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      return pick(NUMBERS, next);
    default:
      return pick(TEXTS, next);
  }
}

function leaf(next: Random): LeafSpec {
  const operator = pick(OPERATOR_NAMES, next);
  return { var: pick(KEYS, next), [operator]: operand(operator, next) };
}

function condition(next: Random, depth = 0): ConditionSpec {
  const shape = next();
  if (depth > 1 || shape < 0.3) return leaf(next);
  if (shape < 0.6) return { all: times(4, next, () => leaf(next)) };
  if (shape < 0.7) return { all: [leaf(next), condition(next, depth + 1)] };
  if (shape < 0.8) return { any: times(3, next, () => condition(next, depth + 1)) };
  if (shape < 0.87) return { not: condition(next, depth + 1) };
  if (shape < 0.94) return { changed: pick(['a*', 'num'], next) };
  return { ref: 'named' };
}

function templates(next: Random, keys: readonly string[]): Record<string, string> {
  // Object.fromEntries keeps `__proto__` an own key, as the YAML loader does.
  return Object.fromEntries(keys.map((key) => [key, pick(TEMPLATES, next)]));
}

function rule(next: Random, id: string): RuleSpec {
  const spec: RuleSpec = { id, then: {} };
  if (next() < 0.7) spec.on = next() < 0.8 ? pick(EVENT_NAMES, next) : [pick(EVENT_NAMES, next), 'E*'];
  if (next() < 0.8) spec.if = condition(next);
  if (next() < 0.2) spec.priority = Math.floor(next() * 3);
  if (next() < 0.1) spec.stop = true;
  if (next() < 0.15) spec.once = true;
  if (next() < 0.05) spec.enabled = false;
  if (next() < 0.8)
    spec.then.set = templates(
      next,
      times(3, next, () => pick(KEYS, next)),
    );
  if (next() < 0.4)
    spec.then.schedule = times(2, next, () => ({
      action: pick(['Enroll', "Act'ion"], next),
      parameters: templates(
        next,
        times(3, next, () => pick(KEYS, next)),
      ),
    }));
  if (next() < 0.1) spec.then.disable = ['NodeA'];
  if (next() < 0.1) spec.then.enable = ['NodeB'];
  if (next() < 0.15) spec.then.filter = { keys_to_ignore: [pick(KEYS, next)], events_to_ignore: ['E3'] };
  return spec;
}

export function randomRulesets(seed: number): RulesetSpec[] {
  const next = seededRandom(seed);
  return times(3, next, (r) => ({
    ruleset: `rs${r}`,
    ...(next() < 0.2 ? { when: condition(next) } : {}),
    lists: { short: ['gold', '5'], long: TEXTS.slice(0, 11) },
    conditions: { named: condition(next, 2) },
    rules: Array.from({ length: 1 + Math.floor(next() * 8) }, (_, i) => rule(next, `r${i}`)),
  }));
}

export function randomEvent(next: Random): Record<string, string> {
  const entries = KEYS.filter(() => next() < 0.6).map((key) => [key, pick(VALUES, next)] as const);
  return Object.fromEntries([['state.currentEvent', pick(EVENT_NAMES, next)], ...entries]);
}
