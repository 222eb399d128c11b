import { LRUCache } from 'lru-cache';
import { foldCase } from './fold-case';
import { GlobAutomaton } from './glob-automaton';
import { readLiteral, readLiteralPrefix, type GlobNode, type GlobProblem } from './glob-syntax';
import { parseGlob } from './parse-glob';
import { compileSegmentMatcher } from './segment-matcher';

export type CompiledGlob =
  | {
      ok: true;
      /** Whether the text matches the whole pattern; a plain function, safe to pass around. */
      test: (text: string) => boolean;
      /** False when the pattern matches exactly its own text and nothing else (`VERIFY_DONE`). */
      isGlob: boolean;
      /** The text every match begins with (`verify.` of `verify.*`; empty for `*.score`): a cheap first test. */
      prefix: string;
    }
  | ({ ok: false } & GlobProblem);

export interface GlobOptions {
  /**
   * Match without regard to case (`--mask`, `--redact`: `CALL.ANI` is `call.ani`): the pattern is folded to
   * lower case when compiled, and `test` lower-cases the text. `prefix` is then empty.
   */
  ignoreCase?: boolean;
}

/** Compiled patterns kept: the same `on` glob is often written in many rules, and catalogs are matched per name. */
const cache = new LRUCache<string, CompiledGlob>({ max: 10_000 });
/** The same, compiled to ignore case. */
const caseBlindCache = new LRUCache<string, CompiledGlob>({ max: 1_000 });

/**
 * How every glob of rulehook becomes a matcher (`matches`, `on`, `changed`,
 * catalogs, `--redact`): with the syntax docs/rules.md documents, in time
 * linear in the length of the text. micromatch, which this replaces, compiles
 * globs to backtracking regular expressions: `*a*a*b` took seconds on a
 * 4,000-character value. Results, refusals included, are cached by pattern.
 */
export function compileGlob(pattern: string, options: GlobOptions = {}): CompiledGlob {
  const ignoreCase = options.ignoreCase === true;
  const compiledGlobs = ignoreCase ? caseBlindCache : cache;
  let compiled = compiledGlobs.get(pattern);
  if (compiled === undefined) {
    compiled = Object.freeze(ignoreCase ? buildIgnoringCase(pattern) : build(pattern));
    compiledGlobs.set(pattern, compiled);
  }
  return compiled;
}

/**
 * Whether `pattern` is a glob rather than a plain name: false exactly when it
 * matches its own text only. Cheap for names without special characters (one
 * scan); patterns that compile with a problem count as globs.
 */
export function isGlob(pattern: string): boolean {
  if (!/[*?[{\\()|"!+@]/.test(pattern)) return false;
  const compiled = compileGlob(pattern);
  return !compiled.ok || compiled.isGlob;
}

function build(pattern: string): CompiledGlob {
  const nodes = parseGlob(pattern);
  if (!Array.isArray(nodes)) return { ok: false, ...nodes };
  const literal = readLiteral(nodes);
  if (literal !== undefined)
    return { ok: true, isGlob: literal !== pattern, prefix: literal, test: (text) => text === literal };
  return { ok: true, isGlob: true, prefix: readLiteralPrefix(nodes), test: buildMatcher(nodes) };
}

function buildIgnoringCase(pattern: string): CompiledGlob {
  const nodes = parseGlob(pattern);
  if (!Array.isArray(nodes)) return { ok: false, ...nodes };
  const folded = foldCase(nodes);
  const literal = readLiteral(folded);
  const test = literal === undefined ? buildMatcher(folded) : (text: string) => text === literal;
  const isGlob = literal === undefined || literal !== pattern || literal.toUpperCase() !== literal;
  return { ok: true, isGlob, prefix: '', test: (text) => test(text.toLowerCase()) };
}

/** The segment matcher where it applies (no braces, no `**`), else the automaton. */
function buildMatcher(nodes: readonly GlobNode[]): (text: string) => boolean {
  const segments = compileSegmentMatcher(nodes);
  if (segments !== undefined) return segments;
  const automaton = new GlobAutomaton(nodes);
  return (text) => automaton.test(text);
}
