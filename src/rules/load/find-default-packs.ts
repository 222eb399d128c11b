import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { CATALOG_FILE } from './find-rule-files';

/** Where commands given no path look outside a rule pack: the packs of a project (a repository of rules). */
export const PROJECT_PACK_DIRECTORIES: readonly string[] = ['rules', 'examples'];

/** A scenario file's name, which also marks its directory as a rule pack. */
export const SCENARIO_FILE = /\.test\.ya?ml$/;

/** What stops the search for a pack above the working directory: the top of a project. */
const PROJECT_TOP = new Set(['package.json', '.git']);

/**
 * What `validate` and `test` work on when given no path:
 * - `pack`: the working directory is a rule pack; `paths` is `['.']`;
 * - `project`: it holds some of PROJECT_PACK_DIRECTORIES; `paths` lists those that exist;
 * - `none`: neither; `above` is the nearest pack above it (relative, `..`), if the project has one.
 */
export type DefaultPacks =
  | { kind: 'pack'; paths: readonly string[] }
  | { kind: 'project'; paths: readonly string[] }
  | { kind: 'none'; paths: readonly string[]; above?: string };

/**
 * Finds the packs a command given no path works on. Not the working directory always: a project's own
 * fixtures (deliberately broken rules, failing scenario files) would then be read too.
 */
export function findDefaultPacks(cwd: string): DefaultPacks {
  const names = listNames(cwd);
  if (isRulePack(names)) return { kind: 'pack', paths: ['.'] };
  const existing = PROJECT_PACK_DIRECTORIES.filter((dir) => isDirectory(path.join(cwd, dir)));
  if (existing.length > 0) return { kind: 'project', paths: existing };
  const above = findPackAbove(cwd, names);
  return above === undefined ? { kind: 'none', paths: [] } : { kind: 'none', paths: [], above };
}

/** A rule pack, as `rulehook init` makes one: it holds catalog.yaml, or a scenario file, at its top. */
function isRulePack(names: readonly string[]): boolean {
  return names.some((name) => CATALOG_FILE.test(name) || SCENARIO_FILE.test(name));
}

/** The nearest pack above `cwd`, not past the top of the project holding it (package.json, .git). */
function findPackAbove(cwd: string, names: readonly string[]): string | undefined {
  let dir = path.resolve(cwd);
  let current = names;
  while (!current.some((name) => PROJECT_TOP.has(name))) {
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
    current = listNames(dir);
    if (isRulePack(current)) return path.relative(cwd, dir);
  }
  return undefined;
}

function listNames(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

function isDirectory(file: string): boolean {
  try {
    return statSync(file).isDirectory();
  } catch {
    return false;
  }
}
