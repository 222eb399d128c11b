import { RULE_LIMITS } from '../../limits';
import type { SpecPath } from '../../spec';
import { asArray, asRecord, hasOwn, type PlainRecord } from '../check-context';
import { readLeaf } from './leaf-requirement';
import type { Part, Source } from './requirement';
import { addRequirement, type Conflict, type Facts } from './variable-facts';

/** Why a condition can never hold. */
export type Reason =
  | { kind: 'conflict'; conflict: Conflict }
  /** No choice of the `any` at `anchor` can hold, each for the reason listed. */
  | { kind: 'any'; anchor: SpecPath; part: Part; choices: readonly Reason[] }
  /** Already reported where it shows on its own (a named condition, a choice of an `any`). */
  | { kind: 'reported' };

/** What a fold reads of the file, and what it found along the way. */
export interface FoldContext {
  lists: PlainRecord | undefined;
  conditions: PlainRecord | undefined;
  /** Whether a named condition can never hold on its own (reported where it is defined). */
  neverHolds(name: string): boolean;
  /** Named conditions being expanded, so that a loop (REF_CYCLE) ends. */
  expanding: Set<string>;
  /** Steps left for this top-level condition: past them, the rest is taken as able to hold. */
  steps: number;
  /** Conditions nested around the one folded, refs followed: past the limit (CONDITION_TOO_DEEP), the same. */
  depth: number;
  /** Reasons found in a part on its own (an `any` choice), to report at their place. */
  found: Reason[];
}

/** Where a condition sits: its path, where it shows, and (inside a `ref`) the named condition. */
interface Place {
  path: SpecPath;
  anchor: SpecPath;
  part: Part;
  via?: string;
}

/**
 * Adds what `value` requires to `facts` (a conjunction), and tells whether the
 * conjunction can never hold. Sound, not complete: what it cannot decide (a
 * `not` of anything but a leaf, `changed`, an `any` some choice of which may
 * hold) it leaves out, which can only hide a conflict, never invent one.
 */
export function foldCondition(
  value: unknown,
  facts: Facts,
  place: Place,
  context: FoldContext,
): Reason | undefined {
  const condition = asRecord(value);
  if (!condition || --context.steps < 0 || context.depth >= RULE_LIMITS.conditionDepth) return undefined;
  context.depth++;
  const reason = foldParts(condition, facts, place, context);
  context.depth--;
  return reason;
}

function foldParts(
  condition: PlainRecord,
  facts: Facts,
  place: Place,
  context: FoldContext,
): Reason | undefined {
  if (hasOwn(condition, 'var')) return foldLeaf(condition, false, facts, place, context);
  if (hasOwn(condition, 'all')) {
    const items = asArray(condition.all);
    for (let index = 0; index < items.length; index++) {
      const reason = foldCondition(items[index], facts, inside(place, 'all', index), context);
      if (reason) return reason;
    }
    return undefined;
  }
  if (hasOwn(condition, 'any')) return foldAny(asArray(condition.any), facts, place, context);
  if (hasOwn(condition, 'not')) {
    const leaf = asRecord(condition.not);
    return leaf && hasOwn(leaf, 'var')
      ? foldLeaf(leaf, true, facts, inside(place, 'not'), context)
      : undefined;
  }
  if (hasOwn(condition, 'ref')) return foldRef(condition.ref, facts, place, context);
  return undefined;
}

function foldLeaf(leaf: PlainRecord, negated: boolean, facts: Facts, place: Place, context: FoldContext) {
  const source: Source = { path: place.path, anchor: place.anchor, part: place.part };
  if (place.via !== undefined) source.via = place.via;
  const requirement = readLeaf(leaf, negated, context.lists, source);
  const conflict = requirement && addRequirement(facts, requirement);
  return conflict && ({ kind: 'conflict', conflict } as const);
}

/**
 * An `any` never holds when none of its choices can, each tried on a copy of
 * the facts. A choice that cannot hold even on its own is reported at its place
 * (outside named conditions reached by `ref`, which are reported where defined).
 */
function foldAny(
  items: readonly unknown[],
  facts: Facts,
  place: Place,
  context: FoldContext,
): Reason | undefined {
  if (items.length === 0) return undefined;
  const choices: Reason[] = [];
  let allOnTheirOwn = true;
  let someMayHold = false;
  // Every choice is tried, even after one that may hold: a later one may never hold on its own.
  for (let index = 0; index < items.length; index++) {
    const choice = inside(place, 'any', index);
    const reason = foldCondition(items[index], facts.branch(), choice, context);
    if (!reason) {
      someMayHold = true;
      continue;
    }
    const onItsOwn =
      reason.kind === 'reported' ||
      (place.via === undefined && reason.kind === 'conflict' && within(reason.conflict, choice));
    if (onItsOwn && reason.kind !== 'reported') context.found.push(reason);
    allOnTheirOwn &&= onItsOwn;
    choices.push(reason);
  }
  if (someMayHold) return undefined;
  if (allOnTheirOwn) return { kind: 'reported' };
  return { kind: 'any', anchor: place.anchor, part: place.part, choices };
}

function foldRef(name: unknown, facts: Facts, place: Place, context: FoldContext): Reason | undefined {
  if (typeof name !== 'string' || !hasOwn(context.conditions, name) || context.expanding.has(name))
    return undefined;
  if (context.neverHolds(name)) return { kind: 'reported' };
  context.expanding.add(name);
  const at: Place = {
    path: ['conditions', name],
    anchor: place.anchor,
    part: place.part,
    via: place.via ?? name,
  };
  const reason = foldCondition(context.conditions?.[name], facts, at, context);
  context.expanding.delete(name);
  return reason;
}

function inside(place: Place, ...steps: (string | number)[]): Place {
  const path = [...place.path, ...steps];
  // Inside a named condition, everything shows at the `ref` that reached it.
  return place.via === undefined ? { ...place, path, anchor: path } : { ...place, path };
}

/** Whether every requirement of the conflict lies inside `place` (so it never holds there, whatever else). */
function within(conflict: Conflict, place: Place): boolean {
  return conflict.requirements.every((r) => startsWith(r.source.anchor, place.anchor));
}

function startsWith(path: SpecPath, prefix: SpecPath): boolean {
  return prefix.length <= path.length && prefix.every((step, index) => path[index] === step);
}
