import { findDefaultPacks } from '../../rules/load/find-default-packs';

/**
 * The paths `rulehook test` searches when given none, found as `rulehook validate` finds them: the
 * working directory when it is a rule pack, else the project's pack directories that exist (none when
 * there is none).
 */
export function chooseDefaultTestPaths(cwd: string): readonly string[] {
  return findDefaultPacks(cwd).paths;
}
