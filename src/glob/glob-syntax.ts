/**
 * A parsed glob: a sequence of nodes, each matching one piece of the text.
 * Characters are Unicode code points (an emoji is one character, as `?` sees it).
 */
export type GlobNode =
  /** One literal character (`/` included: segments are separated by literal `/` nodes). */
  | { kind: 'char'; code: number }
  /** `?`: one character other than `/`. */
  | { kind: 'any' }
  /** `[...]`: one character of the set (never `/`); `ranges` holds inclusive [low, high] pairs. */
  | { kind: 'class'; negated: boolean; ranges: readonly number[] }
  /** `*`: any run of characters other than `/`, possibly empty. */
  | { kind: 'star' }
  /**
   * `**` written as a whole segment: any run of whole segments. With G any
   * text: `whole`, the pattern is `**` (G); `lead`, `**` and the `/` after it
   * (`(G/)?`); `trail`, `/` and `**` ending the pattern (`(/G)?`).
   */
  | { kind: 'globstar'; form: 'whole' | 'lead' | 'trail' }
  /** `{a,b}`: either sequence. */
  | { kind: 'alt'; options: readonly (readonly GlobNode[])[] };

export type GlobProblemCode = 'GLOB_UNSUPPORTED' | 'GLOB_TOO_LARGE';

/** Why a pattern is refused, and where: `at` is a half-open range of offsets in the pattern. */
export interface GlobProblem {
  code: GlobProblemCode;
  /** The construct, as docs/rules.md names it in its table of refused constructs. */
  construct: string;
  message: string;
  at: { start: number; end: number };
  /**
   * True when the construct repeats part of a text in the dialects that have it (`+(a)`, `[0-9]+`), which no
   * glob can: where a glob is written says what does (a `regex` operand beside `matches`, a list in `on`).
   */
  repeats?: true;
}

/** The bounds on one glob, checked before it is parsed further (docs/rules.md, "Limits"). */
export const GLOB_LIMITS = {
  /**
   * Characters of one pattern. Matching costs at most a few steps per pattern
   * character per text character (the worst 256-character patterns, such as
   * a `**` segment, then `*a` and 251 `?`: 50 to 100 ms per 20,000 characters);
   * ordinary patterns cost one step per text character, or less.
   */
  length: 256,
  /** Braces nested in braces (`{a,{b,c}}` is 2). */
  braceDepth: 16,
} as const;

export const SLASH = 0x2f;
export const DOT = 0x2e;

/** The literal text every match of `nodes` begins with: its leading characters, up to the first wildcard. */
export function readLiteralPrefix(nodes: readonly GlobNode[]): string {
  let prefix = '';
  for (const node of nodes) {
    if (node.kind !== 'char') break;
    prefix += String.fromCodePoint(node.code);
  }
  return prefix;
}

/** The text a sequence of literal characters matches; undefined when it holds anything else. */
export function readLiteral(nodes: readonly GlobNode[]): string | undefined {
  let literal = '';
  for (const node of nodes) {
    if (node.kind !== 'char') return undefined;
    literal += String.fromCodePoint(node.code);
  }
  return literal;
}
