import path from 'node:path';
import type { JsonDiagnostic, JsonRelatedLocation } from '../../src/diagnostics/format-json';
import type { CallEvent as WireCallEvent } from '../../src/console/api/call-timeline';
import { checkPack } from '../../src/console/api/check-pack';
import type { ConsoleContext } from '../../src/console/api/console-context';
import { resolveConsolePack } from '../../src/console/api/console-pack';
import { evaluateEvents } from '../../src/console/api/evaluate-events';
import type { PackFile as WirePackFile, PackFileKind } from '../../src/console/api/list-pack';
import { listPack } from '../../src/console/api/list-pack';
import { listTestEvents } from '../../src/console/api/test-events';
import type {
  CallEvent,
  Diagnostic,
  EventOutcome,
  FileKind,
  Pack,
  PackFile,
  PlannedTest,
  RelatedLocation,
  RuleOutcome,
} from '../../src/console/ui/types';

/**
 * The page's copy of the API's types (src/console/ui/types.ts, which may not import src/) against the
 * server's. Where the server declares a type, the check is at compile time: `npm run typecheck` fails when
 * they drift. Where the server builds its answer without one, a real answer's fields are checked against the
 * page's at run time.
 */

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type OptionalKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? K : never }[keyof T];
/** The page's `Page` reads the server's `Wire`: the same fields, equally optional, every value one it accepts. */
type Mirrors<Wire, Page> = [
  Equal<keyof Wire, keyof Page>,
  Equal<OptionalKeys<Wire>, OptionalKeys<Page>>,
  Wire extends Page ? true : false,
];
const mirrored: unknown[] = [];
// Each check written `true`: a drifted one is `false` there, and tsc names which (fields, optional, values).
const agree = <Wire, Page>(checks: Mirrors<Wire, Page>) => mirrored.push(checks);

agree<JsonDiagnostic, Diagnostic>([true, true, true]);
agree<JsonRelatedLocation, RelatedLocation>([true, true, true]);
agree<WirePackFile, PackFile>([true, true, true]);
agree<WireCallEvent, CallEvent>([true, true, true]);
const kinds: [Equal<PackFileKind, FileKind>] = [true];

/** Each field of the page's type, and whether the page's type says it is always there. */
type FieldList<T> = { [K in keyof Required<T>]: object extends Pick<T, K> ? 'optional' : 'required' };
const PACK: FieldList<Pack> = {
  mode: 'required',
  read_only: 'required',
  session_key: 'required',
  files: 'required',
  truncated: 'optional',
};
const EVENT_OUTCOME: FieldList<EventOutcome> = {
  sent: 'required',
  reason: 'optional',
  entry: 'optional',
  delta: 'required',
  response: 'required',
  fired: 'required',
  rules: 'required',
};
const RULE_OUTCOME: FieldList<RuleOutcome> = { id: 'required', fired: 'required', why: 'required' };
const PLANNED_TEST: FieldList<PlannedTest> = {
  name: 'required',
  session: 'required',
  events: 'required',
  engine: 'required',
};

/** Every field the server sent is one the page knows; every field the page counts on is there. */
function expectFields(answer: unknown, fields: Record<string, 'optional' | 'required'>) {
  const sent = Object.keys(answer as object).sort();
  expect(sent.filter((key) => !Object.hasOwn(fields, key))).toEqual([]);
  const required = Object.keys(fields).filter((key) => fields[key] === 'required');
  expect(required.filter((key) => !sent.includes(key))).toEqual([]);
}

const context: ConsoleContext = {
  pack: resolveConsolePack({ cwd: path.join(__dirname, '../../examples'), paths: ['fraud-and-spoofing'] }),
  readOnly: true,
  mode: 'standalone',
};

it('holds the page type to the server type wherever the server declares one (checked by tsc)', () => {
  expect(mirrored).toHaveLength(4);
  expect(kinds).toEqual([true]);
});

it("reads the pack, evaluate's and test-events' answers with exactly the server's fields", async () => {
  expectFields((await listPack(context)).body, PACK);
  const evaluated = await evaluateEvents(
    {
      events: [
        { 'state.currentEvent': 'SPOOF_CHECK_COMPLETED', 'state.sessionId': 's', 'spoof.decision': 'SPOOF' },
      ],
    },
    context,
  );
  const [outcome] = (evaluated.body as { results: { rules: unknown[] }[] }).results;
  expectFields(outcome, EVENT_OUTCOME);
  expect(outcome!.rules.length).toBeGreaterThan(0);
  for (const rule of outcome!.rules) expectFields(rule, RULE_OUTCOME);
  const planned = await listTestEvents({ file: 'risk.test.yaml' }, context);
  for (const test of (planned.body as { tests: unknown[] }).tests) expectFields(test, PLANNED_TEST);
});

it("reads check's diagnostics with exactly validate --format json's fields", async () => {
  const { body } = await checkPack(
    { files: { 'extra.yaml': 'ruleset: x\nrules: [{ id: a, on: NO_SUCH }]\n' } },
    context,
  );
  const diagnostics = (body as { diagnostics: JsonDiagnostic[] }).diagnostics;
  expect(diagnostics.length).toBeGreaterThan(0);
  const fields: FieldList<Diagnostic> = {
    code: 'required',
    severity: 'required',
    message: 'required',
    file: 'required',
    line: 'required',
    col: 'required',
    endLine: 'required',
    endCol: 'required',
    suggestion: 'optional',
    related: 'optional',
  };
  for (const diagnostic of diagnostics) expectFields(diagnostic, fields);
});
