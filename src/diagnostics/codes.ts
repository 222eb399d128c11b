/** An error stops a load; a warning is reported (and fails `--strict` runs). */
export type Severity = 'error' | 'warning';

export interface CodeInfo {
  readonly severity: Severity;
  readonly summary: string;
}

/**
 * Every diagnostic code, with its default severity. docs/diagnostics.md documents
 * each one (a test keeps the two in step); add a code here and there together.
 */
export const DIAGNOSTIC_CODES = {
  // Files
  FILE_NOT_FOUND: { severity: 'error', summary: 'A path given to load does not exist.' },
  FILE_UNREADABLE: { severity: 'error', summary: 'A path exists but cannot be read.' },
  FILE_NOT_REGULAR: {
    severity: 'error',
    summary: 'A file to read is a FIFO, a socket or a device (or a link to one), not a regular file.',
  },
  NO_RULE_FILES: { severity: 'warning', summary: 'A directory holds no rule files.' },
  EXTRA_CATALOG: { severity: 'warning', summary: 'More than one catalog was found; only the first is used.' },
  EMPTY_FILE: { severity: 'error', summary: 'A rule or catalog file has no content.' },
  FILE_TOO_LARGE: { severity: 'error', summary: 'A file is larger than the limit (1 MiB).' },
  TOO_MANY_FILES: {
    severity: 'error',
    summary: 'More rule files are to be loaded together than the limit (10,000).',
  },
  FILES_TOO_LARGE: {
    severity: 'error',
    summary: 'The rule files loaded together are larger than the limit (64 MiB).',
  },
  // YAML
  YAML_SYNTAX: { severity: 'error', summary: 'The file is not valid YAML.' },
  YAML_WARNING: {
    severity: 'warning',
    summary: 'The YAML parser warns about something (e.g. an unknown tag).',
  },
  DUPLICATE_KEY: { severity: 'error', summary: 'The same key appears twice in one mapping.' },
  YAML_TOO_DEEP: { severity: 'error', summary: 'Mappings and lists are nested deeper than the limit.' },
  ALIAS_EXPANSION_TOO_LARGE: {
    severity: 'error',
    summary: 'Aliases (`*name`) are used too often, or expand to too much data.',
  },
  // Schema
  UNKNOWN_KEY: { severity: 'error', summary: 'A key that is not allowed at this place.' },
  INVALID_TYPE: { severity: 'error', summary: 'A value of the wrong kind (text, number, list, mapping...).' },
  MISSING_KEY: { severity: 'error', summary: 'A required key is missing.' },
  INVALID_VALUE: {
    severity: 'error',
    summary: 'A value of the right kind that breaks a rule (e.g. an empty list).',
  },
  UNKNOWN_OPERATOR: { severity: 'error', summary: 'A condition leaf uses an operator that does not exist.' },
  UNQUOTED_COMMA: {
    severity: 'error',
    summary:
      'A comma inside an unquoted value of a `{ ... }` mapping cut the value short; the rest became a key.',
  },
  INVALID_ID: {
    severity: 'error',
    summary: 'A ruleset name or rule id holds a character other than letters, digits, `.`, `_`, `:` and `-`.',
  },
  // Semantics
  DUPLICATE_RULESET: { severity: 'error', summary: 'Two loaded files declare the same ruleset name.' },
  DUPLICATE_RULE_ID: { severity: 'error', summary: 'Two rules of one ruleset have the same id.' },
  UNKNOWN_REF: { severity: 'error', summary: '`ref` names a condition the ruleset does not define.' },
  REF_CYCLE: { severity: 'error', summary: 'Named conditions refer to each other in a loop.' },
  UNKNOWN_LIST: { severity: 'error', summary: '`{ list: NAME }` names a list the ruleset does not define.' },
  UNUSED_CONDITION: { severity: 'warning', summary: 'A named condition that no rule uses.' },
  UNUSED_LIST: { severity: 'warning', summary: 'A named list that no rule uses.' },
  EMPTY_LIST_OPERAND: {
    severity: 'warning',
    summary: '`in` (never true) or `not_in` (always true) is given an empty list.',
  },
  INVALID_REGEX: { severity: 'error', summary: 'A `regex` operand is not a valid regular expression.' },
  REGEX_UNSUPPORTED: {
    severity: 'error',
    summary: 'A `regex` operand uses syntax the linear-time engine refuses (backreferences, lookaround...).',
  },
  REGEX_TOO_LARGE: {
    severity: 'error',
    summary: 'A `regex` operand, or all of them together, exceed the size limit.',
  },
  GLOB_UNSUPPORTED: {
    severity: 'error',
    summary:
      'A glob (`matches`, `on`, `changed`, catalog `variables`) uses syntax rulehook refuses (extglobs, `!`...).',
  },
  GLOB_TOO_LARGE: {
    severity: 'error',
    summary: 'A glob is longer than 256 characters, or nests braces more than 16 deep.',
  },
  NON_NUMERIC_OPERAND: { severity: 'error', summary: 'The operand of gt/gte/lt/lte is not a finite number.' },
  MISSING_OPERATOR: { severity: 'error', summary: 'A condition leaf has `var` but no operator.' },
  MULTIPLE_OPERATORS: { severity: 'error', summary: 'A condition leaf has two or more operators.' },
  CONFLICTING_KEYS: { severity: 'error', summary: 'A condition mixes kinds (e.g. `all` with `var`).' },
  EMPTY_THEN: { severity: 'error', summary: 'A rule has a `then` that does nothing.' },
  RESERVED_VARIABLE: {
    severity: 'error',
    summary: "A rule sets a variable under `rulehook.`, which holds rulehook's own session state.",
  },
  ENGINE_VARIABLE: {
    severity: 'warning',
    summary: 'A rule sets a variable the engine maintains itself (`state.*`), which the engine overwrites.',
  },
  MISPLACED_WILDCARD: {
    severity: 'error',
    summary: 'A filter entry has `*` somewhere other than at its end.',
  },
  VALUES_TO_IGNORE_UNSUPPORTED: {
    severity: 'warning',
    summary: '`values_to_ignore` is sent, but the engine does not support it.',
  },
  TEMPLATE_SYNTAX: { severity: 'error', summary: 'A `${...}` template is malformed.' },
  TEMPLATE_TOO_LARGE: {
    severity: 'error',
    summary: 'A template is longer, or has more placeholders, than the limit.',
  },
  CONDITION_TOO_DEEP: {
    severity: 'error',
    summary: 'A condition is nested deeper than the limit (refs followed).',
  },
  CONDITION_TOO_LARGE: {
    severity: 'error',
    summary: 'A condition has more parts than the limit (refs followed).',
  },
  TOO_MANY_RULES: {
    severity: 'error',
    summary: 'A file, or all files together, hold more rules than the limit.',
  },
  // Conditions that can never hold, rules that never run
  CONDITION_NEVER_HOLDS: {
    severity: 'warning',
    summary: "A condition can never hold: what it requires contradicts itself (or the ruleset's `when`).",
  },
  RULE_NEVER_RUNS: {
    severity: 'warning',
    summary:
      "A rule's `on` names only events its ruleset's `when`, or an earlier rule that stops, always takes.",
  },
  // Catalog
  UNKNOWN_EVENT: { severity: 'warning', summary: 'An event name the catalog does not declare.' },
  ON_MATCHES_NO_EVENT: { severity: 'warning', summary: 'A glob in `on` matches no event of the catalog.' },
  UNKNOWN_NODE: { severity: 'warning', summary: 'A node name the catalog does not declare.' },
  UNKNOWN_ACTION: { severity: 'warning', summary: 'An action name the catalog does not declare.' },
  MISSING_ACTION_PARAMETER: { severity: 'error', summary: 'A required parameter of an action is not given.' },
  UNKNOWN_ACTION_PARAMETER: {
    severity: 'warning',
    summary: 'A parameter the catalog does not declare for this action.',
  },
  UNKNOWN_VARIABLE: { severity: 'warning', summary: 'A session variable the catalog does not declare.' },
  CHANGED_MATCHES_NO_VARIABLE: {
    severity: 'warning',
    summary: 'A glob in `changed` matches no session variable of the catalog.',
  },
  // --- Filters across a pack (src/rules/check/swallowed) ---
  FILTER_DROPS_LISTENED_EVENT: {
    severity: 'warning',
    summary: 'A filter entry a rule sets can stop events that another rule waits for (`on:`).',
  },
  // --- end of filters across a pack ---
  VALUE_NOT_ALLOWED: {
    severity: 'warning',
    summary: 'A condition compares a variable with a value its catalog declaration does not allow.',
  },
  NUMBER_COMPARISON_ON_TEXT: {
    severity: 'warning',
    summary: 'gt/gte/lt/lte compare a variable the catalog declares as text or yes/no, not as a number.',
  },
  SET_VALUE_NOT_ALLOWED: {
    severity: 'warning',
    summary: 'A rule sets a variable to a value its catalog declaration does not allow.',
  },
  TEST_VALUE_NOT_ALLOWED: {
    severity: 'warning',
    summary: 'A scenario file gives a variable a value its catalog declaration does not allow.',
  },
  // --- Scenario files (`rulehook test`, src/testing) ---
  NO_TEST_FILES: { severity: 'error', summary: 'A `rulehook test` run found no scenario file.' },
  NO_TESTS: { severity: 'error', summary: 'A scenario file has no tests.' },
  TEST_PATH_NOT_FOUND: {
    severity: 'error',
    summary: 'A path written in a scenario file (`rules`, `catalog`) does not exist.',
  },
  DUPLICATE_TEST_NAME: { severity: 'error', summary: 'Two tests of one scenario file have the same name.' },
  MIXED_TEST_FORMS: {
    severity: 'error',
    summary: 'A test mixes the single-event form (`event`, `expect`) and the session form (`events`).',
  },
  NO_EXPECTATIONS: { severity: 'error', summary: 'A test expects nothing, so it would always pass.' },
  CONTRADICTORY_EXPECTATION: {
    severity: 'error',
    summary: 'Expectations of one event contradict each other.',
  },
  UNKNOWN_RULE: { severity: 'error', summary: 'An expectation names a rule that the rules under test lack.' },
  // --- end of scenario files ---
  // --- Sandbox scenarios (`rulehook sandbox`, src/sandbox/scenario) ---
  SANDBOX_DUPLICATE_ID: {
    severity: 'error',
    summary: 'Two persons, media segments or recordings of a sandbox scenario have the same id.',
  },
  SANDBOX_UNKNOWN_ID: {
    severity: 'error',
    summary: 'An outcome or recording of a sandbox scenario names a person or media segment the file lacks.',
  },
  SANDBOX_UNREACHABLE_RECORDING: {
    severity: 'warning',
    summary:
      'A recording_id pattern of a sandbox scenario that an earlier pattern (such as `*`) always matches first.',
  },
  SANDBOX_INCONSISTENT_MEDIA: {
    severity: 'error',
    summary: 'The numbers of a media segment contradict each other (net audio, silence or words beyond it).',
  },
  SANDBOX_INVALID_WAV: {
    severity: 'error',
    summary: "A media segment's WAV file is not a readable WAV file.",
  },
  SANDBOX_INVALID_LANGUAGE: {
    severity: 'error',
    summary: 'A language of a sandbox scenario is not a BCP 47 tag of a known language.',
  },
  // --- end of sandbox scenarios ---
  // --- Configuration files (`serve --config`, `validate --config`, src/cli/config) ---
  INVALID_SETTING: {
    severity: 'error',
    summary: 'A setting of a configuration file has a value its option refuses.',
  },
  CONFLICTING_SETTINGS: {
    severity: 'error',
    summary: 'Settings of a configuration file that do not go together.',
  },
  // --- end of configuration files ---
} as const satisfies Record<string, CodeInfo>;

export type DiagnosticCode = keyof typeof DIAGNOSTIC_CODES;

export const ALL_CODES = Object.keys(DIAGNOSTIC_CODES) as DiagnosticCode[];

export function getCodeInfo(code: DiagnosticCode): CodeInfo {
  return DIAGNOSTIC_CODES[code];
}
