import { RULE_LIMITS } from '../limits';
import { formatCount } from '../../terminal/format-count';
import type { SpecPath } from '../spec';
import { asArray, asRecord, hasOwn, report, type CheckContext, type PlainRecord } from './check-context';
import { forEachRule } from './walk';

/** Levels (a leaf is 1; all, any, not and ref each add one) and parts (nodes), refs followed. */
interface Measure {
  depth: number;
  size: number;
}

type Resolve = (name: string) => Measure | undefined;

/**
 * Every condition (`when`, each named condition, each rule's `if`) stays within
 * the depth and size limits, counting each `ref` as the named condition it stands
 * for: compiling and evaluating recurse once per level, and an event evaluates
 * every part (`c2: { all: [ref: c1, ref: c1] }`, thirty times over, is a billion
 * parts). The walks here recurse only over what one file spells out, whose depth
 * the YAML limit bounds; chains of refs are followed with an explicit stack.
 */
export function checkConditionLimits(context: CheckContext): void {
  const ruleset = asRecord(context.root);
  const named = asRecord(ruleset?.conditions) ?? {};
  const { measures, looped } = measureNamed(named);
  // Refs in a loop are reported by REF_CYCLE; the depth measured around a loop means nothing.
  if (looped) return;
  const resolve: Resolve = (name) => measures.get(name);
  const isOver = (m: Measure) => m.depth > RULE_LIMITS.conditionDepth || m.size > RULE_LIMITS.conditionSize;
  // A condition over the limits only through a named one is not reported again: the named one is.
  const resolveWithin: Resolve = (name) => {
    const m = measures.get(name);
    return m && isOver(m) ? undefined : m;
  };
  const check = (value: unknown, path: SpecPath): void => {
    if (!asRecord(value)) return;
    const total = measure(value, resolve);
    if (!isOver(total)) return;
    const own = measure(value, resolveWithin);
    if (own.depth > RULE_LIMITS.conditionDepth) {
      const where = findTooDeep(value, path, 1, resolveWithin) ?? path;
      const message = `conditions are nested ${formatCount(total.depth)} levels deep here (all, any, not and ref each add a level; refs are followed); at most ${RULE_LIMITS.conditionDepth} levels are allowed`;
      report(context, 'CONDITION_TOO_DEEP', message, context.locate(where));
    }
    if (own.size > RULE_LIMITS.conditionSize) {
      const message = `this condition has ${formatCount(total.size)} parts (conditions and leaves, each ref counted as the whole named condition, as evaluating it does); at most ${formatCount(RULE_LIMITS.conditionSize)} are allowed`;
      report(context, 'CONDITION_TOO_LARGE', message, context.locateKey(path));
    }
  };
  check(ruleset?.when, ['when']);
  for (const [name, condition] of Object.entries(named)) check(condition, ['conditions', name]);
  forEachRule(context.root, (rule, path) => check(rule.if, [...path, 'if']));
}

function measure(value: unknown, resolve: Resolve): Measure {
  const condition = asRecord(value);
  if (!condition) return { depth: 0, size: 0 };
  let depth = 0;
  let size = 1;
  if (typeof condition.ref === 'string') {
    const target = resolve(condition.ref);
    if (target) ({ depth, size } = { depth: target.depth, size: size + target.size });
  }
  for (const child of childrenOf(condition)) {
    const inner = measure(child, resolve);
    depth = Math.max(depth, inner.depth);
    size += inner.size;
  }
  return { depth: depth + 1, size: Math.min(size, Number.MAX_SAFE_INTEGER) };
}

/** The first condition (in written order) where the depth passes the limit: a nested one, or a `ref`. */
function findTooDeep(value: unknown, path: SpecPath, level: number, resolve: Resolve): SpecPath | undefined {
  const condition = asRecord(value);
  if (!condition) return undefined;
  if (level > RULE_LIMITS.conditionDepth) return path;
  const target = typeof condition.ref === 'string' ? resolve(condition.ref) : undefined;
  if (target && level + target.depth > RULE_LIMITS.conditionDepth) return [...path, 'ref'];
  for (const key of ['all', 'any'] as const) {
    const items = asArray(condition[key]);
    for (let i = 0; i < items.length; i++) {
      const found = findTooDeep(items[i], [...path, key, i], level + 1, resolve);
      if (found) return found;
    }
  }
  return findTooDeep(condition.not, [...path, 'not'], level + 1, resolve);
}

function childrenOf(condition: PlainRecord): unknown[] {
  return [
    ...asArray(condition.all),
    ...asArray(condition.any),
    ...(condition.not === undefined ? [] : [condition.not]),
  ];
}

/**
 * The measure of each named condition, every ref followed, computed in
 * dependency order with an explicit stack (a file can chain thousands of refs).
 * `looped`: some refs form a loop (which REF_CYCLE reports).
 */
function measureNamed(named: PlainRecord): { measures: Map<string, Measure>; looped: boolean } {
  const measures = new Map<string, Measure>();
  const visiting = new Set<string>();
  let looped = false;
  const refsOf = (name: string): string[] => collectRefs(named[name]).filter((ref) => hasOwn(named, ref));
  for (const start of Object.keys(named)) {
    if (measures.has(start)) continue;
    const stack: { name: string; refs: string[]; next: number }[] = [
      { name: start, refs: refsOf(start), next: 0 },
    ];
    visiting.add(start);
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const ref = top.refs[top.next++];
      if (ref !== undefined) {
        if (visiting.has(ref)) looped = true;
        if (measures.has(ref) || visiting.has(ref)) continue;
        visiting.add(ref);
        stack.push({ name: ref, refs: refsOf(ref), next: 0 });
        continue;
      }
      stack.pop();
      visiting.delete(top.name);
      measures.set(
        top.name,
        measure(named[top.name], (name) => measures.get(name)),
      );
    }
  }
  return { measures, looped };
}

function collectRefs(value: unknown, out: string[] = []): string[] {
  const condition = asRecord(value);
  if (!condition) return out;
  if (typeof condition.ref === 'string') out.push(condition.ref);
  for (const child of childrenOf(condition)) collectRefs(child, out);
  return out;
}
