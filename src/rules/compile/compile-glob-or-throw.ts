import { compileGlob } from '../../glob';

/**
 * The matcher of a glob from a validated rule file (`matches`, `on`,
 * `changed`): the checks refuse any glob that does not compile, so a refusal
 * here is a bug, and throws.
 */
export function compileGlobOrThrow(pattern: string): (text: string) => boolean {
  const compiled = compileGlob(pattern);
  if (!compiled.ok)
    throw new TypeError(`glob '${pattern}' must be supported after validation: ${compiled.message}`);
  return compiled.test;
}
