import { pairBraces } from './parse-glob';
import { scanGlob } from './scan-glob';

/**
 * One alternative of a brace group, with the pattern it stands for: the
 * pattern with its group, and every group enclosing it, reduced to the
 * alternative on the way (`{A,{B,C}D}`: `C` stands for `CD`). Offsets are
 * half-open, in the pattern.
 */
export interface BraceAlternative {
  start: number;
  end: number;
  /** The pattern with only this alternative left of its group and of the groups around it. */
  pattern: string;
  /** The text of that pattern before the alternative, and after it. */
  before: string;
  after: string;
  /** The alternatives of groups inside this one. */
  inner: BraceAlternative[];
}

interface Span {
  start: number;
  end: number;
}

interface Alternation {
  open: number;
  close: number;
  options: Span[];
}

/**
 * The alternatives of the brace groups of a pattern, outermost first, each
 * with its nested ones. Braces pair as the compiler pairs them (parse-glob.ts):
 * a pair without a comma of its own is literal text, not a group. Empty for a
 * pattern without groups or that does not scan.
 */
export function listBraceAlternatives(pattern: string): BraceAlternative[] {
  const tokens = scanGlob(pattern);
  if (!Array.isArray(tokens)) return [];
  const groups: Alternation[] = pairBraces(tokens)
    .filter((pair) => pair.commas.length > 0)
    .map((pair) => {
      const bounds = [pair.open, ...pair.commas, pair.close].map((index) => tokens[index]!);
      const options = bounds.slice(1).map((token, k) => ({ start: bounds[k]!.end, end: token.start }));
      return { open: tokens[pair.open]!.start, close: tokens[pair.close]!.end, options };
    })
    .sort((a, b) => a.open - b.open);
  return collect(groups, { start: 0, end: pattern.length }, '', '', pattern);
}

/** The alternatives of the outermost groups within `span`, whose surroundings are `before` and `after`. */
function collect(
  groups: readonly Alternation[],
  span: Span,
  before: string,
  after: string,
  pattern: string,
): BraceAlternative[] {
  const found: BraceAlternative[] = [];
  let end = span.start;
  for (const group of groups) {
    if (group.open < end || group.close > span.end) continue;
    end = group.close;
    const head = before + pattern.slice(span.start, group.open);
    const tail = pattern.slice(group.close, span.end) + after;
    for (const option of group.options) {
      const text = pattern.slice(option.start, option.end);
      found.push({
        ...option,
        pattern: head + text + tail,
        before: head,
        after: tail,
        inner: collect(groups, option, head, tail, pattern),
      });
    }
  }
  return found;
}
