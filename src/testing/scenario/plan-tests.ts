import { CURRENT_EVENT_KEY, SESSION_ID_KEY, type SessionVariables } from '../../contract/types';
import type { SpecPath } from '../../rules/spec';
import { readEngineSetting, type EngineModel } from '../../filter/engine-model';
import type { EngineSpec, ExpectationSpec, ScenarioFileSpec, TestSpec, VariablesSpec } from './scenario-spec';

/** One event to raise: what changed (the event name included) and what it must do. */
export interface PlannedEvent {
  event: string;
  /** Variables added or changed since the previous event, `state.currentEvent` included. */
  changes: SessionVariables;
  expect: ExpectationSpec | undefined;
  /** Where the expectation is written (for file:line:col); undefined without one. */
  expectPath: SpecPath | undefined;
}

/** One session to simulate: a test, or one case of a table-driven test. */
export interface PlannedTest {
  /** The test's name, followed by the case's variables for a case: `name [verify.score=0.1]`. */
  name: string;
  testIndex: number;
  /** 0-based case index; undefined for a test without cases. */
  caseIndex: number | undefined;
  /** Where the test is written: `['tests', i]`. */
  path: SpecPath;
  sessionKey: string;
  session: string;
  events: PlannedEvent[];
  /** How the simulated engine reads what its specification leaves open (the file's `engine:`). */
  engine: EngineModel;
}

export const SESSION_KEY = SESSION_ID_KEY;

/**
 * Expands a test (and each of its cases) into sessions to simulate. The first
 * event carries the file's and the test's `variables`; a case replaces the
 * values the test writes for its variables wherever it writes them, and adds
 * the others to the first event. The session id is the test's `session`, or a
 * `state.sessionId` it writes, or `scenario-<test>[-<case>]`.
 */
export function planTest(file: ScenarioFileSpec, test: TestSpec, testIndex: number): PlannedTest[] {
  const cases = test.cases ?? [undefined];
  return cases.map((variableSet, caseIndex) => planOne(file, test, testIndex, variableSet, caseIndex));
}

function planOne(
  file: ScenarioFileSpec,
  test: TestSpec,
  testIndex: number,
  variableSet: VariablesSpec | undefined,
  caseIndex: number,
): PlannedTest {
  const at: SpecPath = ['tests', testIndex];
  const written = test.events
    ? test.events.map((e, i) => ({ ...e, expectPath: e.expect ? [...at, 'events', i, 'expect'] : undefined }))
    : [
        {
          event: test.event ?? '',
          variables: {},
          expect: test.expect,
          expectPath: test.expect ? [...at, 'expect'] : undefined,
        },
      ];
  const substitute = (vars: VariablesSpec | undefined): VariablesSpec => {
    const out = { ...vars };
    for (const key of Object.keys(out))
      if (variableSet && Object.hasOwn(variableSet, key)) out[key] = variableSet[key]!;
    return out;
  };
  const base = substitute({ ...file.variables, ...test.variables });
  const events: PlannedEvent[] = written.map((e, i) => {
    const own = substitute(e.variables);
    return {
      event: e.event,
      changes:
        i === 0
          ? { ...base, ...own, [CURRENT_EVENT_KEY]: e.event }
          : { ...own, [CURRENT_EVENT_KEY]: e.event },
      expect: e.expect,
      expectPath: e.expectPath,
    };
  });
  const writtenKeys = new Set([
    ...Object.keys(base),
    ...written.flatMap((e) => Object.keys(e.variables ?? {})),
  ]);
  const first = events[0]!.changes;
  for (const [key, value] of Object.entries(variableSet ?? {})) if (!writtenKeys.has(key)) first[key] = value;
  const caseNumber = variableSet === undefined ? undefined : caseIndex;
  const session =
    test.session ??
    first[SESSION_KEY] ??
    `scenario-${testIndex + 1}${caseNumber === undefined ? '' : `-${caseNumber + 1}`}`;
  first[SESSION_KEY] = session;
  return {
    name: variableSet === undefined ? test.name : `${test.name} ${describeCase(variableSet)}`,
    testIndex,
    caseIndex: caseNumber,
    path: at,
    sessionKey: SESSION_KEY,
    session,
    events,
    engine: toEngineModel(file.engine),
  };
}

/** `[verify.score=0.1, custom.tier=gold]` */
export function describeCase(variableSet: VariablesSpec): string {
  return `[${Object.entries(variableSet)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ')}]`;
}

/** The engine model of a file's `engine:` section (already checked against the schema's choices). */
function toEngineModel(section: EngineSpec | undefined): EngineModel {
  let model: EngineModel = {};
  for (const [name, value] of Object.entries(section ?? {})) {
    const read = readEngineSetting(model, name, value);
    if (read.ok) model = read.model;
  }
  return model;
}
