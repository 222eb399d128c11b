import { compileGlob } from '../glob/compile-glob';

/** Variable names whose match result is remembered at most (names come from the wire). */
const MAX_CACHED = 10_000;

/**
 * Whether a variable name matches one of `globs` (the syntax of `changed`), **without regard to case**:
 * `call.ani` also masks `CALL.ANI` and `Call.Ani`, which an engine or IVR may send. The globs are folded
 * to lower case once, here; a name is lower-cased and matched the first time it is seen, then its answer
 * is remembered. A glob that does not compile throws, naming `flag` (`serve` checks them before it
 * starts), rather than match nothing.
 */
export function createNameMatcher(globs: readonly string[], flag: string): (name: string) => boolean {
  const matchers = globs.map((glob) => {
    const compiled = compileGlob(glob, { ignoreCase: true });
    if (!compiled.ok) throw new TypeError(`${flag} '${glob}': ${compiled.message}`);
    return compiled.test;
  });
  const cache = new Map<string, boolean>();
  return (name) => {
    let hit = cache.get(name);
    if (hit === undefined) {
      hit = matchers.some((isMatch) => isMatch(name));
      if (cache.size < MAX_CACHED) cache.set(name, hit);
    }
    return hit;
  };
}
