import { suggestName } from '../../diagnostics/did-you-mean';
import { formatNameList } from '../../diagnostics/list-names';
import { compileGlob } from '../../glob/compile-glob';
import { parseFiniteNumber } from '../operators';
import { compileRegex, type TextMatcher } from '../regex';
import type { CatalogSpec, VariableDeclaration } from './catalog-spec';

/**
 * Whether a value fits a declaration; when not, why, as a clause for a message ("the catalog allows
 * only MATCH, MISMATCH"), and how to find a close allowed value (a search over the values: callers
 * spend it within their suggestion budget).
 */
export type ValueVerdict = { ok: true } | { ok: false; reason: string; suggest: () => string | undefined };

const NONE = () => undefined;

/**
 * The declaration that rules `name`: its own (an empty one too), else that of the first glob in
 * written order that matches it (`verify.decision` before `verify.*`). Undefined when none, or the
 * catalog has none (its variables are a list).
 */
export function findDeclaration(catalog: CatalogSpec, name: string): VariableDeclaration | undefined {
  const declarations = catalog.declarations;
  if (!declarations) return undefined;
  return (
    declarations.find((d) => d.name === name) ??
    declarations.find((d) => {
      const glob = compileGlob(d.name);
      return glob.ok && glob.isGlob && glob.test(name);
    })
  );
}

/**
 * Checks a value (as the engine would carry it: text) against a declaration: `number` takes what gt/lt
 * read as a number, `yes-no` takes `true` and `false`, and `text` its `values` (exactly, case included)
 * or its `pattern` (a match anywhere, as `regex` conditions), or anything when it has neither.
 */
export function checkDeclaredValue(declaration: VariableDeclaration, value: string): ValueVerdict {
  switch (declaration.kind) {
    case 'number':
      if (parseFiniteNumber(value) !== undefined) return { ok: true };
      return { ok: false, reason: 'the catalog declares it as a number', suggest: NONE };
    case 'yes-no':
      if (value === 'true' || value === 'false') return { ok: true };
      return {
        ok: false,
        reason: 'the catalog declares it as yes/no, written true or false',
        suggest: () => readYesNo(value),
      };
    case 'text':
      return checkText(declaration, value);
    default:
      return { ok: true };
  }
}

function checkText(declaration: VariableDeclaration, value: string): ValueVerdict {
  if (declaration.values) {
    const allowed = declaration.values.map((v) => v.value);
    if (allowed.includes(value)) return { ok: true };
    // `match` for `MATCH`: the one mistake an author may not see, since the two read alike.
    const lower = value.toLowerCase();
    const sameLetters = allowed.find((v) => v.toLowerCase() === lower);
    const reason = `the catalog allows only ${formatNameList(allowed)}${sameLetters === undefined ? '' : ' (compared exactly, case included)'}`;
    return { ok: false, reason, suggest: () => sameLetters ?? suggestName(value, allowed) };
  }
  if (declaration.pattern !== undefined) {
    const matcher = compilePattern(declaration.pattern);
    if (matcher === undefined || matcher.test(value)) return { ok: true };
    const reason = `it does not match the pattern ${declaration.pattern} the catalog gives it`;
    return { ok: false, reason, suggest: NONE };
  }
  return { ok: true };
}

const YES = ['yes', 'y', 'on', '1', 'true'];
const NO = ['no', 'n', 'off', '0', 'false'];

/** The `true` or `false` that a yes/no written another way (`Yes`, `off`, `TRUE`) means. */
function readYesNo(value: string): string | undefined {
  const lower = value.trim().toLowerCase();
  if (YES.includes(lower)) return 'true';
  if (NO.includes(lower)) return 'false';
  return undefined;
}

/** Compiled patterns, by pattern: a catalog's few patterns are tested against every value of every file. */
const matchers = new Map<string, TextMatcher | undefined>();

/** Undefined for a pattern that does not compile (a catalog with one is not loaded; a hand-made spec may have one). */
function compilePattern(pattern: string): TextMatcher | undefined {
  if (!matchers.has(pattern)) {
    if (matchers.size > 256) matchers.clear();
    const compiled = compileRegex(pattern);
    matchers.set(pattern, compiled.ok ? compiled.matcher : undefined);
  }
  return matchers.get(pattern);
}

/** What a variable holds, in words for a message: `a number`, `true or false`, `text (one of A, B)`. */
export function describeKind(declaration: VariableDeclaration): string {
  if (declaration.kind === 'number') return 'a number';
  if (declaration.kind === 'yes-no') return 'yes/no (true or false)';
  if (declaration.values) return `text (one of ${formatNameList(declaration.values.map((v) => v.value))})`;
  return 'text';
}
