/**
 * The console's JSON API as the page uses it (docs/console.md has the reference). Field names are the wire's.
 * The page may not import src/, so these copy the server's types; test/console/ui-wire-types.test.ts keeps
 * them in step (the same fields, equally optional, every value the server sends one the copy accepts).
 */

export type FileKind = 'rules' | 'catalog' | 'test' | 'scenario' | 'recording' | 'other';

export interface PackFile {
  path: string;
  kind: FileKind;
  /** null for a file the page does not show: over 1 MiB, or not text. */
  text: string | null;
  size: number;
}

export interface Pack {
  mode: 'standalone' | 'serve';
  read_only: boolean;
  /** The variable naming an event's session: `state.sessionId`, or serve's `--session-key`. */
  session_key: string;
  files: PackFile[];
  /** The pack has more files than the list holds. */
  truncated?: boolean;
}

/** `rulehook validate --format json`'s diagnostic: lines and columns 1-based, null for a whole-file problem. */
export interface Diagnostic {
  code: string;
  severity: 'error' | 'warning' | 'info';
  message: string;
  file: string;
  line: number | null;
  col: number | null;
  endLine: number | null;
  endCol: number | null;
  suggestion?: string;
  /** Another place the problem involves, positioned the same way. */
  related?: RelatedLocation;
}

export interface RelatedLocation {
  file: string;
  message: string;
  line: number | null;
  col: number | null;
  endLine: number | null;
  endCol: number | null;
}

export interface RuleOutcome {
  id: string;
  fired: boolean;
  why: unknown;
}

/** What evaluate and call both say of an event run through the engine model. */
interface EventFate {
  sent: boolean;
  reason?: string | null;
  entry?: string | null;
  delta: unknown;
  response: unknown;
  fired: readonly string[] | null;
}

/** One event's outcome, as evaluate returns it: with each rule's reason. */
export interface EventOutcome extends EventFate {
  rules: RuleOutcome[];
}

/** One event of a call, as call returns it. */
export interface CallEvent extends EventFate {
  seq: number;
  event: string;
  variables: unknown;
  node_overrides: unknown;
  operations: unknown;
}

export interface CallResult {
  events: CallEvent[];
  against_edited?: CallEvent[];
}

export interface CallSource {
  recording?: string;
  session_id?: string;
  sandbox?: { url: string; call_session_id: string };
  decisions?: string;
  events?: Record<string, string>[];
}

/** A session of a running sandbox, as its `GET /v1/sandbox/sessions` lists it (the fields the page shows). */
export interface SandboxSession {
  call_session_id: string;
  call_id: string;
  person_id: string | null;
  state: 'live' | 'ended';
  decision: { decision: string; reason?: string } | null;
}

/** A line of the decision log, as the decisions stream sends it. */
export interface Decision {
  time?: string;
  request_id?: string;
  session_variables?: Record<string, string>;
  fired?: string[];
  response?: { result_code?: number } & Record<string, unknown>;
}

/**
 * The engine model's settings by their written names (`{own_updates: 'changes'}`), as evaluate takes them
 * in `engine`; a setting left out keeps its default.
 */
export type EngineSettings = Record<string, string>;

/** One test (one case) of a scenario test file, as test-events plans it. */
export interface PlannedTest {
  name: string;
  session: string;
  events: Record<string, string>[];
  /** The file's `engine:` settings, which the test runs with. */
  engine: EngineSettings;
}

/** Edited texts by path: the files whose text differs from the pack's on disk. */
export type Edits = Record<string, string>;
