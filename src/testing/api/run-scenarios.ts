import { runScenarioTests } from '../run/run-tests';
import type { RunReport } from '../run/test-report';

export interface RunScenariosOptions {
  /** Relative paths are resolved against it, and files are shown relative to it. Default: `process.cwd()`. */
  cwd?: string;
  /** Runs only the tests whose name (or file) contains it, case-insensitive. */
  filter?: string;
  coverage?: boolean;
}

/**
 * Runs scenario files (`*.test.yaml`) from code, exactly as `rulehook test`
 * does: `expect(await runScenarios('examples/noise-reduction')).toPass()`.
 */
export function runScenarios(
  paths: string | readonly string[],
  options: RunScenariosOptions = {},
): Promise<RunReport> {
  return runScenarioTests({
    paths: typeof paths === 'string' ? [paths] : paths,
    cwd: options.cwd ?? process.cwd(),
    ...(options.filter === undefined ? {} : { filter: options.filter }),
    coverage: options.coverage === true,
  });
}
