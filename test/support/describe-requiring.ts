import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * Suites that need something a machine may lack (a redis-server, a disk that fills up, a speech
 * recognizer, wrk). Where it is missing, the suite is skipped with a loud message, never silently; under
 * CI a missing requirement fails the run instead, since CI exists to run every suite (`.ci/run` installs
 * what they need).
 */

/** CI services set CI (to `true` or `1`); `.ci/run` sets it too. Unset, empty, `0` or `false`: a local run. */
export const UNDER_CI = !['', '0', 'false'].includes((process.env.CI ?? '').toLowerCase());

/** `describe`, when `missing` (what the machine lacks, and how to get it) is undefined. */
export function describeRequiring(missing: string | undefined, name: string, body: () => void): void {
  if (missing === undefined) {
    describe(name, body);
    return;
  }
  if (UNDER_CI) throw new Error(`"${name}" cannot run under CI, which must run every suite: ${missing}`);
  describeSkippedLoudly(name, missing, body);
}

/** `describe.skip`, saying so on stderr: for what a person turned off on purpose, and for what is missing. */
export function describeSkippedLoudly(name: string, reason: string, body: () => void): void {
  console.warn(`\n*** SKIPPED: "${name}": ${reason} ***\n`);
  describe.skip(name, body);
}

/**
 * For the part of a suite that needs what the rest does not: whether that part can run (`missing` is
 * undefined). Otherwise the part is left out loudly, or, under CI, the suite fails (describeRequiring's rules).
 */
export function checkPartRequiring(missing: string | undefined, part: string): boolean {
  if (missing === undefined) return true;
  if (UNDER_CI)
    throw new Error(`${part} cannot be left out under CI, which must run every suite: ${missing}`);
  console.warn(`\n*** SKIPPED: ${part}: ${missing} ***\n`);
  return false;
}

/**
 * What of `programs` (each program's name, with the Debian package that has it) is not on PATH, and the
 * apt-get line that installs it; undefined when every one is there.
 */
export function findMissingPrograms(programs: Readonly<Record<string, string>>): string | undefined {
  const dirs = (process.env.PATH ?? '').split(delimiter).filter((dir) => dir !== '');
  const missing = Object.keys(programs).filter(
    (program) => !dirs.some((dir) => isExecutable(join(dir, program))),
  );
  if (missing.length === 0) return undefined;
  const packages = [...new Set(missing.map((program) => programs[program]))];
  return `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not on PATH (apt-get install ${packages.join(' ')})`;
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
