import { RE2JS, RE2JSSyntaxException } from 're2js';
import { RULE_LIMITS } from './limits';
import { formatCount } from '../terminal/format-count';
import { suggestBackreferenceFix } from './regex-backreference';
import { measureRegexSize } from './regex-size';

/** A compiled `regex` operand: true when the text contains a match. */
export interface TextMatcher {
  test(text: string): boolean;
}

export type RegexProblemCode = 'INVALID_REGEX' | 'REGEX_UNSUPPORTED' | 'REGEX_TOO_LARGE';

export type CompiledRegex =
  | { ok: true; matcher: TextMatcher; size: number }
  /**
   * `at`: offsets in the pattern of the construct at fault, when known (half-open). `rewrite`: text that
   * works in its place, for the offsets it replaces (which may reach beyond `at`).
   */
  | {
      ok: false;
      code: RegexProblemCode;
      message: string;
      at?: { start: number; end: number };
      rewrite?: { at: { start: number; end: number }; text: string };
    };

/**
 * How `regex` operands become matchers, at load time and in the checks: with
 * RE2's linear-time engine (re2js, pure JavaScript), without flags
 * (case-sensitive, unanchored, `.` stops at a line break). A backtracking engine
 * such as JavaScript's takes exponential time on some patterns (`(a+)+$`
 * against thirty `a` and a `b`: seconds, with the event loop blocked); RE2's
 * time is proportional to the size of the expression times the length of the
 * text. The size is checked first (see regex-size.ts), so a huge expression is
 * refused before it is compiled.
 */
export function compileRegex(pattern: string): CompiledRegex {
  const size = measureRegexSize(pattern);
  if (size > RULE_LIMITS.regexSize) {
    const message = `this regular expression has size ${formatCount(size)} (each character, class or escape counts 1, and \`{n,m}\` repeats what precedes it m times); at most ${formatCount(RULE_LIMITS.regexSize)} is allowed`;
    return { ok: false, code: 'REGEX_TOO_LARGE', message };
  }
  try {
    const compiled = RE2JS.compile(pattern);
    return { ok: true, matcher: compiled, size };
  } catch (error) {
    if (!(error instanceof RE2JSSyntaxException)) throw error;
    return describeSyntaxError(pattern, error);
  }
}

/** Constructs of other regex dialects that RE2 refuses, recognised from its error, with why. */
const UNSUPPORTED: readonly { test: RegExp; what: string; instead?: string }[] = [
  // What to write instead depends on the group repeated (regex-backreference.ts).
  { test: /^\\[1-9]/, what: 'backreferences (`\\1`)' },
  { test: /^\\k/, what: 'named backreferences (`\\k<name>`)' },
  {
    test: /^\(\?[=!]/,
    what: 'lookahead (`(?=...)`, `(?!...)`)',
    instead: 'combine conditions with all / not',
  },
  {
    test: /^\(\?<[=!]/,
    what: 'lookbehind (`(?<=...)`, `(?<!...)`)',
    instead: 'combine conditions with all / not',
  },
  {
    test: /^\(\?>/,
    what: 'atomic groups (`(?>...)`)',
    instead: 'write the group without `?>`: no backtracking happens anyway',
  },
  {
    test: /[*+?}]\+$/,
    what: 'possessive quantifiers (`a++`, `a*+`)',
    instead: 'drop the second `+`: no backtracking happens anyway',
  },
  { test: /^\\u/, what: '`\\u` escapes', instead: 'write the character itself, or `\\x{00E9}`' },
  { test: /^\\c/, what: 'control escapes (`\\cA`)', instead: 'write `\\x{01}`' },
  { test: /^\[\^\]/, what: '`[^]`', instead: 'write `(?s:.)` for any character' },
];

function describeSyntaxError(pattern: string, error: RE2JSSyntaxException): CompiledRegex {
  const snippet = error.input ?? '';
  const offset = snippet === '' ? -1 : pattern.indexOf(snippet);
  const at = offset === -1 ? undefined : { start: offset, end: offset + snippet.length };
  const written = snippet === '' ? '' : ` (\`${snippet}\`)`;
  if (error.error === 'invalid repeat count' || error.error === 'expression nests too deeply') {
    const message = `${error.error}${written}: a count is at most 1,000, also in total when repeats are nested, and groups nest at most 1,000 deep`;
    return { ok: false, code: 'REGEX_TOO_LARGE', message, ...(at && { at }) };
  }
  const known = UNSUPPORTED.find((entry) => entry.test.test(snippet));
  if (known !== undefined) {
    const fix = known.instead === undefined && at ? suggestBackreferenceFix(pattern, at.start) : undefined;
    const instead =
      fix?.instead ??
      known.instead ??
      'list the repeats you mean (`(?:aa|bb)`), or count a known character (`a{2}`)';
    const message = `${known.what} cannot be used: regex operands use RE2 syntax, which matches in time proportional to the text and leaves out what needs backtracking; ${instead}`;
    return {
      ok: false,
      code: 'REGEX_UNSUPPORTED',
      message,
      ...(at && { at }),
      ...(fix?.rewrite && { rewrite: fix.rewrite }),
    };
  }
  if (isJavaScriptRegex(pattern)) {
    const message = `${error.error}${written}: valid in JavaScript, but regex operands use RE2 syntax (see the regex operator in docs/rules.md)`;
    return { ok: false, code: 'REGEX_UNSUPPORTED', message, ...(at && { at }) };
  }
  return { ok: false, code: 'INVALID_REGEX', message: `${error.error}${written}`, ...(at && { at }) };
}

/** Only parses the pattern: V8 compiles a RegExp on its first use, and it is never used. */
function isJavaScriptRegex(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}
