import { existsSync } from 'node:fs';
import path from 'node:path';

const CATALOG_NAMES = ['catalog.yaml', 'catalog.yml'];

/** True when `dir` holds a catalog: it is a pack's root, as `validate DIR` loads it. */
export function holdsCatalog(dir: string): boolean {
  return CATALOG_NAMES.some((name) => existsSync(path.join(dir, name)));
}

/**
 * The directory a file's pack is loaded from: the nearest directory, from the
 * file's own up to `stop` (its workspace folder, or its own directory for a file
 * outside every folder), that holds a catalog; else the file's own directory.
 * Loading that directory is what `rulehook validate DIR` does, so the editor
 * reports what the command reports for the pack. Asked on every check, so that
 * a catalog created or deleted moves files between packs at once.
 */
export function findPackRoot(absolute: string, stop: string): { root: string; hasCatalog: boolean } {
  const own = path.dirname(absolute);
  for (let dir = own; isInside(dir, stop); dir = path.dirname(dir)) {
    if (holdsCatalog(dir)) return { root: dir, hasCatalog: true };
    if (dir === stop || path.dirname(dir) === dir) break;
  }
  return { root: own, hasCatalog: false };
}

export function isInside(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}
