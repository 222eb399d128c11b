import type { GlobProblem } from './glob-syntax';
import { SLASH } from './glob-syntax';

/** A lexical piece of a pattern, at offsets [start, end). Braces are paired afterwards (parse-glob.ts). */
export type GlobToken = { start: number; end: number } & (
  | { type: 'char'; code: number }
  | { type: 'stars'; count: number }
  | { type: 'qmark' }
  | { type: 'class'; negated: boolean; ranges: number[] }
  | { type: 'open' | 'comma' | 'close' }
);

/**
 * Reads a pattern into tokens, refusing what micromatch gives a meaning
 * rulehook does not support (see the table in docs/rules.md), so that a
 * pattern never silently means something else than its author expected.
 */
export function scanGlob(pattern: string): GlobToken[] | GlobProblem {
  if (pattern.startsWith('!') && pattern[1] !== '(') {
    return unsupported([0, 1], '`!` at the start (negation)', NEGATION_HINT);
  }
  const tokens: GlobToken[] = [];
  let i = 0;
  while (i < pattern.length) {
    const ch = pattern[i]!;
    const start = i;
    if ('!@+*?'.includes(ch) && pattern[i + 1] === '(') {
      return repeating(unsupported([i, i + 2], `extglobs (\`${ch}(...)\`)`, EXTGLOB_HINT));
    }
    if (ch === '(' || ch === ')' || ch === '|') {
      return unsupported([i, i + 1], `\`${ch}\` (regex groups and alternatives)`, GROUP_HINT);
    }
    if (ch === '"') return unsupported([i, i + 1], 'quotes (`"..."`)', QUOTE_HINT);
    if (ch === '+' && followsSyntax(tokens, pattern, i)) {
      const construct = 'a `+` right after `[`, `]`, `{` or `}` (repetition)';
      return repeating(unsupported([i, i + 1], construct, PLUS_HINT));
    }
    if (ch === '\\') {
      const escaped = readEscape(pattern, i);
      if ('problem' in escaped) return escaped.problem;
      tokens.push({ type: 'char', code: escaped.code, start, end: escaped.end });
      i = escaped.end;
    } else if (ch === '*') {
      while (pattern[i] === '*') i++;
      if (pattern[i] === '(')
        return repeating(unsupported([i - 1, i + 1], 'extglobs (`*(...)`)', EXTGLOB_HINT));
      tokens.push({ type: 'stars', count: i - start, start, end: i });
    } else if (ch === '[') {
      const scanned = scanClass(pattern, i);
      if (scanned === undefined) tokens.push({ type: 'char', code: ch.charCodeAt(0), start, end: i + 1 });
      else if ('problem' in scanned) return scanned.problem;
      else tokens.push(scanned);
      i = tokens[tokens.length - 1]!.end;
    } else {
      const code = pattern.codePointAt(i)!;
      i += code > 0xffff ? 2 : 1;
      if (ch === '?') tokens.push({ type: 'qmark', start, end: i });
      else if (ch === '{') tokens.push({ type: 'open', start, end: i });
      else if (ch === ',') tokens.push({ type: 'comma', start, end: i });
      else if (ch === '}') tokens.push({ type: 'close', start, end: i });
      else tokens.push({ type: 'char', code, start, end: i });
    }
  }
  return tokens;
}

/** micromatch repeats a class, a brace or an unclosed `[` that a `+` follows (a regex quantifier). */
function followsSyntax(tokens: readonly GlobToken[], pattern: string, i: number): boolean {
  const last = tokens[tokens.length - 1];
  if (last === undefined || last.end !== i) return false;
  if (last.type === 'class' || last.type === 'open' || last.type === 'close') return true;
  return last.type === 'char' && last.end - last.start === 1 && '[]{}'.includes(pattern[last.start]!);
}

type Escape = { code: number; end: number } | { problem: GlobProblem };

/** `\x`: the character x, literally; `\` before a letter or digit is a regex escape in micromatch (`\d`). */
function readEscape(pattern: string, i: number): Escape {
  const code = pattern.codePointAt(i + 1);
  if (code === undefined) {
    return { problem: unsupported([i, i + 1], 'a `\\` at the end', 'write `\\\\` to match a backslash') };
  }
  const next = String.fromCodePoint(code);
  if (/^[A-Za-z0-9]$/.test(next)) {
    const hint = `a backslash makes the next character literal, and \`${next}\` needs none: write \`${next}\` (for a digit, \`[0-9]\`)`;
    return { problem: unsupported([i, i + 2], `\`\\${next}\` (regex escapes)`, hint) };
  }
  return { code, end: i + 1 + next.length };
}

type ClassScan = Extract<GlobToken, { type: 'class' }> | { problem: GlobProblem } | undefined;

/**
 * The class opening at `i`: `[abc]`, `[a-z]`, `[!abc]` or `[^abc]` (negated), a
 * `]` first being a member; undefined when no `]` closes it (the `[` is then literal).
 */
function scanClass(pattern: string, i: number): ClassScan {
  let k = i + 1;
  const negated = pattern[k] === '!' || pattern[k] === '^';
  if (negated) k++;
  const ranges: number[] = [];
  for (let first = true; k < pattern.length; first = false) {
    if (pattern[k] === ']' && !first) return { type: 'class', negated, ranges, start: i, end: k + 1 };
    if (pattern[k] === '[' && ':=.'.includes(pattern[k + 1] ?? '')) {
      const close = pattern.indexOf(`${pattern[k + 1]}]`, k + 2);
      const end = close === -1 ? k + 2 : close + 2;
      return unsupportedIn([k, end], 'POSIX classes (`[[:alpha:]]`)', POSIX_HINT);
    }
    const low = readMember(pattern, k);
    if (low === undefined || 'problem' in low) return low && { problem: low.problem };
    let high = low;
    if (pattern[low.end] === '-' && low.end + 1 < pattern.length && pattern[low.end + 1] !== ']') {
      const read = readMember(pattern, low.end + 1);
      if (read === undefined || 'problem' in read) return read && { problem: read.problem };
      high = read;
      if (high.code < low.code) {
        const hint = `write the lower end first: \`${pattern.slice(high.start, high.end)}-${pattern.slice(low.start, low.end)}\``;
        return unsupportedIn([low.start, high.end], 'a reversed range in a class', hint);
      }
    }
    if (low.code === SLASH || high.code === SLASH) {
      const hint = 'a class never matches `/`, which separates segments: write `/` outside the class';
      return unsupportedIn([high.start, high.end], '`/` in a class', hint);
    }
    ranges.push(low.code, high.code);
    k = high.end;
  }
  return undefined;
}

type Member = { code: number; start: number; end: number } | { problem: GlobProblem } | undefined;

function readMember(pattern: string, k: number): Member {
  if (pattern[k] === '\\') {
    if (k + 1 >= pattern.length) return undefined;
    const escaped = readEscape(pattern, k);
    return 'problem' in escaped ? escaped : { code: escaped.code, start: k, end: escaped.end };
  }
  const code = pattern.codePointAt(k);
  if (code === undefined) return undefined;
  return { code, start: k, end: k + (code > 0xffff ? 2 : 1) };
}

const NEGATION_HINT =
  'a glob cannot exclude: wrap the condition in `not`, or for `on` list the events (or test `state.currentEvent` in `if`)';
const EXTGLOB_HINT = 'write alternatives with braces (`{a,b}`); a glob cannot repeat part of a text';
const GROUP_HINT =
  'write alternatives with braces (`{a,b}`); to match the character itself, write `\\(`, `\\)` or `\\|`';
const QUOTE_HINT =
  'to match special characters literally, escape each with `\\` (`\\*`); write `\\"` for a quote';
const PLUS_HINT = 'write `\\+` for a plus sign; a glob cannot repeat part of a text';
const POSIX_HINT = 'list the characters instead: `[a-zA-Z]`, `[0-9]`';

/** A refusal; `construct` keys the table of refused constructs in docs/rules.md. */
export function unsupported([start, end]: [number, number], construct: string, hint: string): GlobProblem {
  return {
    code: 'GLOB_UNSUPPORTED',
    construct,
    message: `${construct} cannot be used in a glob: ${hint}`,
    at: { start, end },
  };
}

function repeating(problem: GlobProblem): GlobProblem {
  return { ...problem, repeats: true };
}

function unsupportedIn(range: [number, number], construct: string, hint: string): { problem: GlobProblem } {
  return { problem: unsupported(range, construct, hint) };
}
