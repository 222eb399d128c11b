import { compileGlob } from '../../glob/compile-glob';

/** A glob from a validated rule file, compiled: its matcher and the literal text every match begins with. */
export interface ValidGlob {
  test: (text: string) => boolean;
  prefix: string;
}

/**
 * Compiles a glob from a validated rule file (`matches`, `on`, `changed`):
 * the checks refuse any glob that does not compile, so a refusal here is a
 * bug, and throws.
 */
export function compileValidGlob(pattern: string): ValidGlob {
  const compiled = compileGlob(pattern);
  if (!compiled.ok)
    throw new TypeError(`glob '${pattern}' must be supported after validation: ${compiled.message}`);
  return compiled;
}

/** The matcher of a glob from a validated rule file. */
export function compileGlobOrThrow(pattern: string): (text: string) => boolean {
  return compileValidGlob(pattern).test;
}
