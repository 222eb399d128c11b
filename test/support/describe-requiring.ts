/**
 * Suites that need something a machine may lack (a redis-server, a disk that fills up, a speech
 * recognizer). Where it is missing, the suite is skipped with a loud message, never silently; under CI
 * a missing requirement fails the run instead, since CI exists to run every suite (`.ci/run` installs
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
