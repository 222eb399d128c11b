import { existsSync } from 'node:fs';
import path from 'node:path';

const CATALOG_NAMES = ['catalog.yaml', 'catalog.yml'];

/** True when `dir` holds a catalog: it is a pack's root, as `validate DIR` loads it. */
export function holdsCatalog(dir: string): boolean {
  return CATALOG_NAMES.some((name) => existsSync(path.join(dir, name)));
}

/**
 * The directory a file's pack is loaded from: the nearest directory, from the
 * file's own up to `stop` (the workspace folder; the file system's root when
 * none), that holds a catalog; else the file's own directory. Loading that
 * directory is what `rulehook validate DIR` does, so the editor reports what the
 * command reports for the pack.
 */
export function findPackRoot(
  absolute: string,
  stop: string | undefined,
): { root: string; hasCatalog: boolean } {
  const own = path.dirname(absolute);
  for (let dir = own; ; dir = path.dirname(dir)) {
    if (holdsCatalog(dir)) return { root: dir, hasCatalog: true };
    const parent = path.dirname(dir);
    if (dir === stop || parent === dir || (stop !== undefined && !isInside(parent, stop))) break;
  }
  return { root: own, hasCatalog: false };
}

export function isInside(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}
