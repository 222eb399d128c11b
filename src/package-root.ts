import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The package root: the nearest directory above this file holding package.json.
 * Found rather than assumed, so that code compiled anywhere (dist/, a benchmark
 * build) finds the shipped proto/, rules/, schema/ and templates/.
 */
function findPackageRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`rulehook: no package.json above ${from}`);
  }
}

export const PACKAGE_ROOT = findPackageRoot(__dirname);
