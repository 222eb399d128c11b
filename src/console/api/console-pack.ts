import { statSync } from 'node:fs';
import path from 'node:path';
import type { PackSource } from '../../lsp/workspace/rule-pack';

/** The rule pack the console shows, as its host names it: rule paths and a catalog, relative to `cwd`. */
export interface ConsolePackOptions {
  cwd: string;
  paths: readonly string[];
  catalog?: string;
}

/**
 * The pack with one root: every path of the API is relative to `root` (with `/`), and the
 * pack is loaded from there, so diagnostics name files exactly as the API does
 * (`rulehook validate .` run in the root).
 */
export interface ConsolePack {
  root: string;
  /** What the loader reads: `cwd` is the root, paths and catalog relative to it. */
  source: PackSource;
}

/**
 * The root is the directory given when one is given (the usual case: `rulehook console PACK`), else the
 * deepest directory holding every path given (`serve --rules a.yaml --rules b/`); no paths: `cwd`.
 */
export function resolveConsolePack(options: ConsolePackOptions): ConsolePack {
  const absolute = options.paths.map((p) => path.resolve(options.cwd, p));
  const dirs = absolute.map((p) => (isDirectory(p) ? p : path.dirname(p)));
  const root = dirs.length === 0 ? path.resolve(options.cwd) : dirs.reduce(commonDirectory);
  const relative = (p: string) => path.relative(root, p).split(path.sep).join('/') || '.';
  const paths = absolute.length === 0 ? ['.'] : absolute.map(relative);
  const catalog =
    options.catalog === undefined ? undefined : relative(path.resolve(options.cwd, options.catalog));
  return { root, source: { cwd: root, paths, ...(catalog === undefined ? {} : { catalog }) } };
}

function isDirectory(absolute: string): boolean {
  try {
    return statSync(absolute).isDirectory();
  } catch {
    return false;
  }
}

function commonDirectory(a: string, b: string): string {
  let dir = a;
  while (path.relative(dir, b).startsWith('..') && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}
