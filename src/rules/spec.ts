/**
 * The plain-data shape of a rule file after parsing and schema validation:
 * what the compiler consumes. Keys are snake_case, as in the YAML and on the wire.
 *
 * Scalars that stand for session-variable text (operands of string operators,
 * `set` values, operation parameters) are always strings here: a YAML number or
 * boolean written in such a place is taken as its source text (`0.10` stays "0.10").
 */

/** A path into the parsed YAML document, used to locate a value's source range. */
export type SpecPath = readonly (string | number)[];

export type ConditionSpec = AllSpec | AnySpec | NotSpec | RefSpec | LeafSpec | ChangedSpec;

export interface AllSpec {
  all: ConditionSpec[];
}
export interface AnySpec {
  any: ConditionSpec[];
}
export interface NotSpec {
  not: ConditionSpec;
}
export interface RefSpec {
  ref: string;
}
/** `{ changed: GLOB }`: some key of the event's delta matches the glob. */
export interface ChangedSpec {
  changed: string;
}

/** `{ var: KEY, <operator>: <operand> }` with exactly one operator. */
export interface LeafSpec {
  var: string;
  [operator: string]: unknown;
}

export interface OperationSpec {
  action: string;
  parameters?: Record<string, string>;
}

export interface FilterSpec {
  keys_to_ignore?: string[];
  events_to_ignore?: string[];
  /** Carried on the wire but "currently unsupported" by the engine: validated with a warning. */
  values_to_ignore?: Record<string, string>;
}

export interface ThenSpec {
  schedule?: OperationSpec[];
  /** Insertion order is the order written, which is the order of the updates. */
  set?: Record<string, string>;
  disable?: string[];
  enable?: string[];
  filter?: FilterSpec;
}

export interface RuleSpec {
  id: string;
  description?: string;
  on?: string | string[];
  if?: ConditionSpec;
  then: ThenSpec;
  priority?: number;
  stop?: boolean;
  enabled?: boolean;
  once?: boolean;
}

export interface RulesetSpec {
  ruleset: string;
  description?: string;
  when?: ConditionSpec;
  lists?: Record<string, string[]>;
  conditions?: Record<string, ConditionSpec>;
  rules: RuleSpec[];
}

/** One ruleset as loaded from its file, able to point back into the source. */
export interface LoadedRuleset {
  /** File path as the user named it. */
  file: string;
  spec: RulesetSpec;
  /**
   * Source range of the value at `path` (of its key when the value is empty); for a
   * path that does not exist, of the deepest existing node on the way (the parent).
   */
  locate(path: SpecPath): { start: number; end: number } | undefined;
  /**
   * Keys of the mapping at `path` in written order. Needed for `set`: a JS object
   * iterates integer-like keys ("10") before the others, whatever the written order.
   */
  keysAt?(path: SpecPath): string[] | undefined;
}
