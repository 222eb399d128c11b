import { readdirSync } from 'node:fs';
import { SCENARIO_FILE } from '../scenario/find-test-files';

/** Where `rulehook test` looks without paths, outside a rule pack (a project holding packs). */
const DEFAULT_TEST_PATHS: readonly string[] = ['rules', 'examples'];

/** The file that makes a directory a rule pack (with its scenario files), as `rulehook init` creates it. */
const PACK_CATALOG = 'catalog.yaml';

/**
 * The paths `rulehook test` searches when given none: the working directory itself when it is a rule
 * pack (it holds catalog.yaml or a scenario file at its top), else DEFAULT_TEST_PATHS. Not the working
 * directory always: a project's own fixtures (deliberately failing scenario files) would then run.
 */
export function chooseDefaultTestPaths(cwd: string): readonly string[] {
  let names: string[];
  try {
    names = readdirSync(cwd);
  } catch {
    return DEFAULT_TEST_PATHS;
  }
  return names.some((name) => name === PACK_CATALOG || SCENARIO_FILE.test(name)) ? ['.'] : DEFAULT_TEST_PATHS;
}
