import { existsSync } from 'node:fs';
import path from 'node:path';
import { createDiagnostic } from '../../diagnostics/create-diagnostic';
import type { Diagnostic } from '../../diagnostics/diagnostic';
import type { DefaultPacks } from '../../rules/load/find-default-packs';

const HOW_TO_WRITE = 'write one (NAME.test.yaml; docs/testing.md shows how)';

/**
 * NO_TEST_FILES for a run that found no scenario file: one per path searched that reported nothing else
 * (a path that does not exist already has its FILE_NOT_FOUND). Given no path and finding no pack, one for
 * the working directory, which says what was looked for and how to make it; it names no directory that
 * does not exist.
 */
export function reportNoTestFiles(
  searched: readonly string[],
  reported: readonly Diagnostic[],
  options: { cwd: string; allowEmpty?: boolean; defaults?: DefaultPacks | undefined },
): Diagnostic[] {
  const severity = options.allowEmpty === true ? { severity: 'warning' as const } : {};
  if (options.defaults?.kind === 'none')
    return [createDiagnostic('NO_TEST_FILES', '.', describeNoPack(options.defaults.above), severity)];
  return searched
    .filter((p) => !reported.some((d) => d.file === p))
    .map((p) => {
      const exists = existsSync(path.resolve(options.cwd, p));
      const message = exists
        ? `no scenario file (*.test.yaml, *.test.yml) under '${p}': ${HOW_TO_WRITE}`
        : `no scenario file: '${p}' does not exist`;
      return createDiagnostic('NO_TEST_FILES', p, message, severity);
    });
}

function describeNoPack(above: string | undefined): string {
  const here =
    'no scenario file here: without a path, rulehook test runs the rule pack in the current directory, ' +
    'and this directory is not one (it holds no catalog.yaml and no *.test.yaml file)';
  if (above !== undefined)
    return `${here}; it is inside the rule pack '${above}': run rulehook test there, or give it (rulehook test ${above})`;
  return `${here}; give the scenario files or directories to run (rulehook test PATH), ${HOW_TO_WRITE}, or make a rule pack with a first test (rulehook init DIR)`;
}
