import { formatDiagnostics } from '../../diagnostics/format-report';
import type { Diagnostic } from '../../diagnostics/diagnostic';
import { loadRuleBook } from '../../rules/book/load-rule-book';
import type { RuleBook } from '../../rules/compile/rule-book';
import type { SessionVariables } from '../../contract/types';
import type { EngineModel } from '../../filter/engine-model';
import { describeRules, type RulesUnderTest } from '../rules/rules-under-test';
import { TestSession, type CallEvent, type EventResult } from './test-session';

export interface LoadTestRulesOptions {
  /** Relative paths are resolved against it. Default: `process.cwd()`. */
  cwd?: string;
  /** A catalog file. Default: the `catalog.yaml` of a directory given. */
  catalog?: string;
  /** Warnings (unknown names in the catalog...) fail the load too. */
  strict?: boolean;
  /** The engine model of every session of these rules (a session's own `engine` wins). */
  engine?: EngineModel;
}

export interface SessionOptions {
  /** The session id (`state.sessionId`). Default: `session-1`, `session-2`... */
  id?: string;
  /** Variables the call has from its first event on. */
  variables?: SessionVariables;
  /** How the simulated engine reads what its specification leaves open: `{ ownUpdates: 'changes' }`, … */
  engine?: EngineModel;
}

/** Rules loaded for tests written in code. */
export class TestRules implements RulesUnderTest {
  readonly book: RulesUnderTest['book'];
  readonly rules: RulesUnderTest['rules'];
  readonly ids: readonly string[];
  private sessions = 0;

  constructor(
    described: RulesUnderTest,
    /** The load's warnings (a load with errors throws instead). */
    readonly warnings: readonly Diagnostic[] = [],
    /** The engine model of every session, unless the session names its own. */
    private readonly engine: EngineModel = {},
  ) {
    this.book = described.book;
    this.rules = described.rules;
    this.ids = described.ids;
  }

  /** A new simulated call. */
  session(options: SessionOptions = {}): TestSession {
    const id = options.id ?? `session-${++this.sessions}`;
    return new TestSession(this, id, options.variables, options.engine ?? this.engine);
  }

  /** One event, alone in a new call. */
  event(name: string, variables: SessionVariables = {}): Promise<EventResult> {
    return this.session().raise(name, variables);
  }

  /** A whole call, in a new session. */
  call(events: readonly CallEvent[], options: SessionOptions = {}): Promise<EventResult[]> {
    return this.session(options).raiseAll(events);
  }
}

/**
 * Loads rule files and directories exactly as `rulehook validate` and `serve`
 * do. Throws when they have errors (or warnings, with `strict`), with the
 * report `rulehook validate` would print as the message.
 */
export async function loadTestRules(
  paths: string | readonly string[],
  options: LoadTestRulesOptions = {},
): Promise<TestRules> {
  const list = typeof paths === 'string' ? [paths] : [...paths];
  const cwd = options.cwd ?? process.cwd();
  const loaded = await loadRuleBook(list, {
    cwd,
    strict: options.strict === true,
    ...(options.catalog === undefined ? {} : { catalog: options.catalog }),
  });
  const { diagnostics, sources } = loaded.load;
  if (!loaded.ok) {
    const report = formatDiagnostics(diagnostics, sources, { format: 'human', color: false });
    throw new Error(`the rules ${list.join(', ')} have problems:\n\n${report}`);
  }
  return new TestRules(describeRules(loaded.book, loaded.load), diagnostics, options.engine);
}

/** Test rules from a book compiled elsewhere (no source positions in messages). */
export function createTestRules(book: RuleBook): TestRules {
  return new TestRules(describeRules(book));
}
