import type { SessionVariables } from '../contract/types';
import { createValueHasher } from './hash-values';
import { createNameMatcher } from './match-names';

/** Replaces the values of matching variables; returns the same object when nothing matches. */
export type Redactor = (variables: SessionVariables) => SessionVariables;

/**
 * A redactor for `--redact GLOB...` (and the variables of `--mask`): the value of every variable whose
 * name matches a glob, in any case (createNameMatcher), becomes `redacted:` and an HMAC-SHA256 of the
 * value under `key` (132 bits, base64url). The same value gives the same hash under the same key, so
 * sessions stay correlated; without the key a hash cannot be checked against a guess.
 */
export function createRedactor(globs: readonly string[], key: Buffer | string, flag = '--redact'): Redactor {
  return redactWith(createNameMatcher(globs, flag), createValueHasher(key));
}

/** The redactor of a name matcher and a hasher both already built (a log mask shares them). */
export function redactWith(isMasked: (name: string) => boolean, hash: (value: string) => string): Redactor {
  return (variables) => {
    let out: SessionVariables | undefined;
    for (const name of Object.keys(variables)) {
      if (!isMasked(name)) continue;
      out ??= { ...variables };
      out[name] = hash(variables[name] as string);
    }
    return out ?? variables;
  };
}
