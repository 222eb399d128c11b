import type { NodeOverrideAction, OperationAction, SetSessionVariableAction } from '../../contract/types';
import type { CompiledCondition } from './compiled-condition';
import type { CompiledTemplate } from './compile-template';
import type { FilterAddition } from '../../filter/effective-filter';
import type { SpecPath } from '../spec';

export interface CompiledOperation {
  action: string;
  parameters: readonly (readonly [string, CompiledTemplate])[];
  /** The whole action, frozen, when no parameter has a placeholder: shared by every response. */
  fixed: Readonly<OperationAction> | undefined;
}

export interface CompiledUpdate {
  key: string;
  template: CompiledTemplate;
  /** The update, frozen, when the value has no placeholder. */
  fixed: Readonly<SetSessionVariableAction> | undefined;
}

/** A rule ready to evaluate: everything derivable from its source is computed here, once. */
export interface CompiledRule {
  id: string;
  /** `ruleset/rule`: how fired rules are reported. */
  qualifiedId: string;
  ruleset: string;
  /** Where the rule is written, for diagnostics and explanations. */
  file: string;
  path: SpecPath;
  priority: number;
  /** Position among the ruleset's rules as written: breaks priority ties. */
  order: number;
  /** Undefined: the rule applies to every event. */
  on: readonly string[] | undefined;
  matchesEvent(name: string): boolean;
  condition: CompiledCondition | undefined;
  stop: boolean;
  once: boolean;
  schedule: readonly CompiledOperation[];
  set: readonly CompiledUpdate[];
  /** `disable` then `enable` as node overrides, frozen (they never depend on the event). */
  overrides: readonly Readonly<NodeOverrideAction>[];
  filter: FilterAddition | undefined;
}

export interface CompiledRuleset {
  name: string;
  file: string;
  when: CompiledCondition | undefined;
  /** Enabled rules, by priority (higher first) then written order. */
  rules: readonly CompiledRule[];
  /** Ids of rules written with `enabled: false`, kept for coverage and explanations. */
  disabledRules: readonly string[];
  /** The globs of every `changed` its enabled rules and `when` use. */
  changedGlobs: readonly string[];
}
