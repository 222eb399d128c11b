import type { SpecPath } from '../../spec';

/**
 * One thing a conjunction requires of one session variable: a condition leaf
 * (maybe under `not`), or a rule's `on` read as a requirement on
 * `state.currentEvent`. `holds` decides a value exactly as the compiled rules do
 * (a test holds each operator to its compiled twin); the other fields are what
 * can be concluded without trying values.
 */
export interface Requirement {
  variable: string;
  /** Whether the variable's value passes; undefined: the variable is missing. */
  holds(value: string | undefined): boolean;
  /** All the values that can pass, when they are finitely many (undefined in it: being missing passes). */
  only?: ReadonlySet<string | undefined>;
  /** A bound on the value read as a number: passing needs a number within it. */
  bound?: Bound;
  /** What it asks, in words after "x must" / "x cannot both": `equal 'GENUINE'`. */
  wording: string;
  source: Source;
}

export interface Bound {
  side: 'lower' | 'upper';
  value: number;
  /** `gt`/`lt`: the bound itself does not pass. */
  strict: boolean;
}

/** Where the condition holding a requirement is written. */
export type Part = 'when' | 'on' | 'if' | 'condition';

export interface Source {
  /** The leaf (or `on`) itself. */
  path: SpecPath;
  /** Where it shows in what is being checked: the leaf, or the `ref` through which it was reached. */
  anchor: SpecPath;
  part: Part;
  /** The named condition it was reached through, if any (the outermost `ref`). */
  via?: string;
}
