import type { EngineModel } from '../../filter/engine-model';
import { ENGINE_SETTINGS, type EngineSettingName } from '../../filter/engine-model';
import type { RulesUnderTest } from '../rules/rules-under-test';
import { runPlannedTest } from '../run/run-planned-test';
import { planTest } from '../scenario/plan-tests';
import type { EngineSpec, ScenarioFileSpec } from '../scenario/scenario-spec';
import { buildRecordedTest } from './build-recorded-test';
import { deriveExpectation } from './derive-expectation';
import type { RecordedCall } from './recorded-call';

export interface RecordedScenarioInput {
  calls: readonly RecordedCall[];
  /** The recording as the user named it (for the tests' descriptions and the warnings). */
  recording: string;
  /** The rules under test, as the scenario file writes them (relative to it). */
  rulesPath: string;
  rules: RulesUnderTest;
  engine: EngineModel;
}

/**
 * A scenario file holding one test per recorded call, whose expectations are the answers the rules give
 * today: each test is planned and simulated exactly as `rulehook test` runs it (same planner, same
 * simulated engine and in-process webhook), and each event's outcome is written as its expectation. So
 * the file passes `rulehook test` as long as the rules answer the same.
 */
export async function makeRecordedScenario(
  input: RecordedScenarioInput,
): Promise<{ spec: ScenarioFileSpec; warnings: string[] }> {
  const engine = writeEngine(input.engine);
  const spec: ScenarioFileSpec = {
    rules: input.rulesPath,
    ...(engine === undefined ? {} : { engine }),
    tests: [],
  };
  const warnings: string[] = [];
  for (const call of input.calls) {
    const built = buildRecordedTest(call, input.recording);
    warnings.push(...built.warnings);
    const index = spec.tests!.push(built.test) - 1;
    const [plan] = planTest(spec, built.test, index);
    const outcome = await runPlannedTest(plan!, input.rules);
    outcome.results.forEach((result, i) => {
      built.test.events![i]!.expect = deriveExpectation(result);
    });
  }
  return { spec, warnings };
}

/** The `engine:` section: the settings that are not rulehook's default reading; undefined when none. */
function writeEngine(model: EngineModel): EngineSpec | undefined {
  const written: EngineSpec = {};
  for (const [name, { field, values }] of Object.entries(ENGINE_SETTINGS)) {
    const value = (model as Record<string, string | undefined>)[field];
    if (value !== undefined && value !== values[0]) written[name as EngineSettingName] = value;
  }
  return Object.keys(written).length === 0 ? undefined : written;
}
