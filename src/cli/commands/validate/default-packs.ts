import type { DefaultPacks } from '../../../rules/load/find-default-packs';

/** What `validate` given no path checks, said first (on stderr), since the user did not name it. */
export function describeDefaultPacks(packs: DefaultPacks): string {
  if (packs.kind === 'pack') return 'checking the rule pack in the current directory (.)';
  const dirs = packs.paths.map((dir) => `${dir}/`);
  return dirs.length === 1
    ? `checking the rule pack ${dirs[0]} of the current directory`
    : `checking the rule packs ${dirs.join(' and ')} of the current directory, each on its own`;
}

/** Why `validate` given no path has nothing to check: what it looked for, and what to do instead. */
export function describeNoPack(above: string | undefined): string {
  const here =
    'give a rule file or directory to check, or --config FILE; without one, validate checks the rule ' +
    'pack in the current directory, and this directory is not one (it holds no catalog.yaml and no ' +
    '*.test.yaml file)';
  return above === undefined
    ? `${here}; make one with rulehook init DIR`
    : `${here}; it is inside the rule pack '${above}': run rulehook validate there, or give it (rulehook validate ${above})`;
}
