import { existsSync } from 'node:fs';
import path from 'node:path';

/** The repository root: the nearest directory above this file holding `package.json`. */
function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const REPO_ROOT = findRepoRoot(__dirname);

/** `proto/` of the repository. */
export const PROTO_DIR = path.join(REPO_ROOT, 'proto');
