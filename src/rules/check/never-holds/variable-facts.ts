import type { Bound, Requirement } from './requirement';

/** Requirements that, together, no value of `variable` (nor its absence) passes; the one added last, last. */
export interface Conflict {
  variable: string;
  requirements: readonly Requirement[];
}

/** What is known of one variable under a conjunction. Never changed once built: branches share it. */
interface VariableFacts {
  /** The requirements seen (the latest first), to try on values that a later `only` lists. */
  readonly seen: Seen | undefined;
  readonly seenCount: number;
  /** A superset of the values that pass every requirement seen, and the requirements that narrowed it. */
  readonly only?: { values: ReadonlySet<string | undefined>; shapers: readonly Requirement[] };
  readonly lower?: { bound: Bound; by: Requirement };
  readonly upper?: { bound: Bound; by: Requirement };
}

interface Seen {
  requirement: Requirement;
  next: Seen | undefined;
}

/**
 * What a conjunction requires, per variable. `branch()` starts a copy in
 * constant time (an `any` choice, each rule over its ruleset's `when`): it
 * reads through to this one and writes only to itself.
 */
export class Facts {
  private readonly own = new Map<string, VariableFacts>();
  constructor(private readonly parent?: Facts) {}
  get(variable: string): VariableFacts | undefined {
    return this.own.get(variable) ?? this.parent?.get(variable);
  }
  set(variable: string, facts: VariableFacts): void {
    this.own.set(variable, facts);
  }
  branch(): Facts {
    return new Facts(this);
  }
}

/** Bounds on the work per requirement: a longer list of values, or more requirements, are left untried. */
const VALUES_TRIED = 256;
const REQUIREMENTS_KEPT = 64;

const NOTHING: VariableFacts = { seen: undefined, seenCount: 0 };

/** Adds a requirement; a conflict leaves `facts` as it was. */
export function addRequirement(facts: Facts, requirement: Requirement): Conflict | undefined {
  const before = facts.get(requirement.variable) ?? NOTHING;
  const bounds = narrowBounds(before, requirement);
  if (Array.isArray(bounds)) return { variable: requirement.variable, requirements: bounds };
  const only = narrowValues(before, requirement);
  if (only?.values.size === 0) return { variable: requirement.variable, requirements: only.shapers };
  const remembered = before.seenCount < REQUIREMENTS_KEPT;
  facts.set(requirement.variable, {
    seen: remembered ? { requirement, next: before.seen } : before.seen,
    seenCount: before.seenCount + (remembered ? 1 : 0),
    ...(only && { only }),
    ...bounds,
  });
  return undefined;
}

type Bounds = Pick<VariableFacts, 'lower' | 'upper'>;

/** The tighter bounds, or the two requirements whose bounds leave no number between them. */
function narrowBounds(before: VariableFacts, requirement: Requirement): Bounds | Requirement[] {
  let { lower, upper } = before;
  const bound = requirement.bound;
  if (bound?.side === 'lower' && (!lower || isTighter(bound, lower.bound, 1)))
    lower = { bound, by: requirement };
  if (bound?.side === 'upper' && (!upper || isTighter(bound, upper.bound, -1)))
    upper = { bound, by: requirement };
  if (lower && upper && leavesNothing(lower.bound, upper.bound)) {
    const other = lower.by === requirement ? upper.by : lower.by;
    return [other, requirement];
  }
  return { ...(lower && { lower }), ...(upper && { upper }) };
}

/** `direction` 1: a greater lower bound is tighter; -1: a smaller upper bound. */
function isTighter(bound: Bound, than: Bound, direction: 1 | -1): boolean {
  const difference = (bound.value - than.value) * direction;
  return difference > 0 || (difference === 0 && bound.strict && !than.strict);
}

function leavesNothing(lower: Bound, upper: Bound): boolean {
  return lower.value > upper.value || (lower.value === upper.value && (lower.strict || upper.strict));
}

/** The values still possible after `requirement`, with what narrowed them; undefined while unrestricted. */
function narrowValues(before: VariableFacts, requirement: Requirement): VariableFacts['only'] {
  const only = before.only;
  if (only) {
    const values = intersect(only.values, requirement);
    if (values === only.values || values.size === only.values.size) return only;
    const shapers = only.shapers.length < REQUIREMENTS_KEPT ? [...only.shapers, requirement] : only.shapers;
    return { values, shapers };
  }
  if (!requirement.only) return undefined;
  let values = requirement.only;
  const shapers: Requirement[] = [];
  // The requirements seen before, oldest first, so that the message names them in written order.
  for (const earlier of listSeen(before.seen)) {
    if (values.size > VALUES_TRIED) break;
    const kept = new Set([...values].filter((value) => earlier.holds(value)));
    if (kept.size < values.size) shapers.push(earlier);
    values = kept;
  }
  return { values, shapers: [...shapers, requirement] };
}

/** The values of `values` that pass `requirement`; `values` itself when too many to try. */
function intersect(
  values: ReadonlySet<string | undefined>,
  requirement: Requirement,
): ReadonlySet<string | undefined> {
  const listed = requirement.only;
  if (listed && listed.size < values.size) return new Set([...listed].filter((value) => values.has(value)));
  if (values.size > VALUES_TRIED) return values;
  return new Set([...values].filter((value) => requirement.holds(value)));
}

function listSeen(seen: Seen | undefined): Requirement[] {
  const list: Requirement[] = [];
  for (let at = seen; at; at = at.next) list.push(at.requirement);
  return list.reverse();
}
