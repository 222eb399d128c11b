/** How often one leaf of a rule's `if` was seen true and false. */
export interface ConditionCoverage {
  /** Where the leaf is in the condition: `if.all[1]`, `if.any[0].ref(gold)`. */
  path: string;
  /** `audio.netSeconds gte 12` */
  condition: string;
  true: number;
  false: number;
}

export interface RuleCoverage {
  /** `ruleset/rule`. */
  rule: string;
  file: string;
  line?: number;
  col?: number;
  enabled: boolean;
  /** How many events fired the rule, over every test run. */
  events: number;
  /** How many events the rule waits for (its `on:` takes them) the simulated engine's filter stopped. */
  filtered: number;
  /** The leaves of the rule's `if` (empty without one); absent when the source is unknown. */
  conditions?: ConditionCoverage[];
}

/** `rulehook test --coverage`: which rules the tests exercised, and which condition outcomes they saw. */
export interface CoverageReport {
  /** Every rule of the rules under test, disabled ones included (they are not counted). */
  rules: RuleCoverage[];
  /** Enabled rules, and how many of them fired at least once. */
  enabled: number;
  fired: number;
  /** Enabled rules that never fired. */
  neverFired: string[];
  /** Outcomes (true and false of each leaf of the enabled rules' `if`) possible, and seen. */
  outcomes: { total: number; seen: number };
  /** Events the filter stopped that at least one rule waits for. */
  filteredListened: number;
}
