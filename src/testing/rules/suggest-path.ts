import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { suggestName } from '../../diagnostics/did-you-mean';

/**
 * A "did you mean" for a path that does not exist: the first segment that does
 * not exist is replaced by the closest name in its directory (`../rulez` ->
 * `../rules`). Undefined when nothing is close.
 */
export function suggestPath(written: string, base: string): string | undefined {
  const segments = written.split(/[/\\]/);
  let directory = path.resolve(base, segments[0] === '' ? '/' : '.');
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    const next = path.join(directory, segment);
    if (segment === '' || segment === '.' || segment === '..' || existsSync(next)) {
      directory = next;
      continue;
    }
    let names: string[];
    try {
      names = readdirSync(directory).filter((n) => !n.startsWith('.'));
    } catch {
      return undefined;
    }
    const close = suggestName(segment, names);
    if (close === undefined) return undefined;
    const suggestion = [...segments.slice(0, i), close, ...segments.slice(i + 1)].join('/');
    return existsSync(path.resolve(base, suggestion)) ? suggestion : undefined;
  }
  return undefined;
}
