/**
 * The plain-data shape of a scenario file (`*.test.yaml`) after parsing and
 * schema validation. Keys are snake_case, as in rule files. Every value that
 * stands for session-variable text is a string (a YAML `0.10` stays "0.10").
 */
import type { EngineSettingName } from '../../filter/engine-model';
import type { FilterReason } from '../../filter/decide';

/** Session variables written in a scenario: only what changed, merged onto what came before. */
export type VariablesSpec = Record<string, string>;

/** A list compared exactly (in order), or `{ contains: [...] }` (these items, any order, others allowed), or `{ exactly: [...] }`. */
export type ListExpectation<T> = T[] | { contains: T[] } | { exactly: T[] };

/** A mapping compared as a subset (only the keys written), or `{ exactly: {...} }`. */
export type MapExpectation<V> = Record<string, V> | { exactly: Record<string, V> };

export interface OperationExpectation {
  action?: string;
  parameters?: MapExpectation<string>;
}

export interface NodeExpectation {
  node_names?: ListExpectation<string>;
  enable?: boolean;
}

export interface UpdateExpectation {
  key?: string;
  value?: string;
}

export interface FilterExpectation {
  keys_to_ignore?: ListExpectation<string>;
  events_to_ignore?: ListExpectation<string>;
  values_to_ignore?: MapExpectation<string>;
}

/**
 * What an event must have done: only the keys written are checked. Lists are
 * compared exactly and maps as subsets, unless wrapped in `{ contains: [...] }`
 * or `{ exactly: ... }` (everything inside compared exactly, maps included).
 */
export interface ExpectationSpec {
  /** Whether the engine sent the event to the webhook (false: its filter kept it back). */
  sent?: boolean;
  /** Why the event was not sent; implies `sent: false`. */
  reason?: FilterReason;
  /** The filter entry that kept the event back. */
  entry?: string;
  /** `ruleset/rule` ids of the rules that fired, in firing order. */
  fired?: ListExpectation<string>;
  /** Rules that must not fire. */
  not_fired?: string[];
  /** `actions_to_perform` of the response. */
  operations?: ListExpectation<OperationExpectation>;
  /** `session_variable_updates`: a mapping `key: value` (the last update of each key), or the list. */
  updates?: MapExpectation<string> | ListExpectation<UpdateExpectation>;
  /** `nodes_to_override` of the response. */
  nodes?: ListExpectation<NodeExpectation>;
  /** `event_filter` of the response; null: the response carries none. */
  filter?: FilterExpectation | { exactly: FilterExpectation } | null;
  /** The session variables the event was raised with (webhook updates included). */
  variables?: MapExpectation<string>;
  /** The whole response as proto3 JSON (empty lists and an unchanged filter omitted). */
  response?: Record<string, unknown>;
}

export interface EventSpec {
  /** The event name: `state.currentEvent`. */
  event: string;
  description?: string;
  /** Variables added or changed since the previous event. */
  variables?: VariablesSpec;
  expect?: ExpectationSpec;
}

export interface TestSpec {
  name: string;
  description?: string;
  /** The session id (`state.sessionId`); generated when absent. */
  session?: string;
  /** Variables present from the first event on (the single-event form: the event's variables). */
  variables?: VariablesSpec;
  /** The single-event form: the event name ... */
  event?: string;
  /** ... and what it must do. */
  expect?: ExpectationSpec;
  /** The session form: the events of one call, in order. */
  events?: EventSpec[];
  /** Table-driven: the test runs once per variable set. */
  cases?: VariablesSpec[];
}

/** How the simulated engine reads what its specification leaves open: `own_updates: changes`, … */
export type EngineSpec = Partial<Record<EngineSettingName, string>>;

export interface ScenarioFileSpec {
  $schema?: string;
  description?: string;
  /** The engine model of every test of the file; absent settings: rulehook's reading. */
  engine?: EngineSpec;
  /** Rule files or directories, relative to the scenario file. */
  rules: string | string[];
  /** A catalog file, relative to the scenario file. */
  catalog?: string;
  /** Variables every test starts with. */
  variables?: VariablesSpec;
  tests?: TestSpec[];
}

/** The keys of an expectation that are about the webhook's answer, which a filtered event does not have. */
export const RESPONSE_EXPECTATIONS = [
  'fired',
  'operations',
  'updates',
  'nodes',
  'filter',
  'response',
] as const;

export const FILTER_REASONS: readonly FilterReason[] = [
  'events_to_ignore',
  'keys_to_ignore',
  'webhook_disabled',
];
