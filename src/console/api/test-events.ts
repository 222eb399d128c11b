import type { SessionVariables } from '../../contract/types';
import { toJsonDiagnostics } from '../../diagnostics/format-json';
import { loadScenarioFile } from '../../testing/scenario/load-scenario-file';
import { planTest } from '../../testing/scenario/plan-tests';
import { failWith, refuseField, type ApiResult } from './api-result';
import type { ConsoleContext } from './console-context';
import { checkPackPath } from './pack-path';
import { writeEngineSettings } from './read-events';
import { readFilesField, readRequestedText } from './read-files-field';

/**
 * `POST /console/api/test-events` `{file, files?}`: the events of a scenario test file (`*.test.yaml`), as
 * `rulehook test` raises them: each test, and each case of a table-driven one, planned by the test runner's
 * planner (the file's and the test's variables, the case's substitutions, the session id), every event the
 * previous one with its written changes merged on, and the engine model the test runs with (the file's
 * `engine:`) in the shape evaluate's `engine` takes, so the events run there as `rulehook test` runs them.
 * The file's edited text is used when `files` has it. A
 * file with errors plans nothing: 422 `TEST_INVALID` with its diagnostics.
 */
export async function listTestEvents(
  body: Record<string, unknown>,
  context: ConsoleContext,
): Promise<ApiResult> {
  const files = readFilesField(body);
  if (!files.ok) return files.result;
  const file = checkPackPath('file', body.file);
  if (!file.ok) return file.result;
  const read = await readRequestedText(context.pack.root, file.value, files.value);
  if (!read.ok) return read.result;
  const text = read.value;
  if (text === undefined) return failWith(404, 'NOT_FOUND', `the pack has no file ${file.value}`);
  const scenario = loadScenarioFile(file.value, text);
  const errors = scenario.diagnostics.filter((d) => d.severity === 'error');
  if (scenario.spec === undefined || errors.length > 0)
    return failWith(
      422,
      'TEST_INVALID',
      `${file.value} is not a scenario test file without errors (${errors.length} error${errors.length === 1 ? '' : 's'})`,
      { diagnostics: toJsonDiagnostics(scenario.diagnostics, new Map([[file.value, text]])) },
    );
  const spec = scenario.spec;
  if (!Array.isArray(spec.tests)) return refuseField('file', `${file.value} has no tests`);
  const tests = spec.tests.flatMap((test, index) =>
    planTest(spec, test, index).map((planned) => {
      let raised: SessionVariables = {};
      const events = planned.events.map((event) => (raised = { ...raised, ...event.changes }));
      return {
        name: planned.name,
        session: planned.session,
        events,
        engine: writeEngineSettings(planned.engine),
      };
    }),
  );
  return { status: 200, body: { tests } };
}
