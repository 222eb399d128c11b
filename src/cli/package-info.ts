import { readFileSync } from 'node:fs';
import path from 'node:path';

import { PACKAGE_ROOT } from '../package-root';

/** The rule set served when `--rules` is not given. */
export const DEFAULT_RULES_DIR = path.join(PACKAGE_ROOT, 'rules');

let version: string | undefined;

export function readPackageVersion(): string {
  version ??= (
    JSON.parse(readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }
  ).version;
  return version;
}
