import { existsSync } from 'node:fs';
import path from 'node:path';

/** The nearest directory above `from` holding package.json: the repository, also from bench's .bench-out/. */
function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

/** The built `rulehook` binary (`npm run build`; `npx jest` rebuilds it when stale). */
export const BUILT_CLI = path.join(findRepoRoot(__dirname), 'dist/cli/main.js');
