/**
 * The size of a `regex` operand, read from its text before it is compiled:
 * each character, `.`, anchor, escape or class counts 1, as do each `|` and
 * each `*`, `+`, `?`; a group counts what it holds; `x{n,m}` counts x's size m
 * times (`x{n}` n times, `x{n,}` n+1 times), so `(ab){3}` is 6 and
 * `[0-9]{1,8}` is 8. It follows the number of instructions the engine compiles
 * the expression to, which sets both the compile cost and the work per
 * character matched. It must be known before compiling: the engine itself only
 * refuses programs of over a million instructions, which take seconds and
 * hundreds of megabytes to build (`a{1000}` written a thousand times).
 *
 * Hand-written because the engine exposes no size before compiling. It reads
 * the RE2 syntax loosely (malformed text is the compiler's to report) and never
 * throws; saturating at Infinity is fine, since any size over the limit is refused.
 */
export function measureRegexSize(pattern: string): number {
  // One frame per open group: `total` so far, and the size of the last atom (what a quantifier repeats).
  const frames: { total: number; last: number }[] = [{ total: 0, last: 0 }];
  let frame = frames[0]!;
  const atom = (size: number): void => {
    frame.total += size;
    frame.last = size;
  };
  let i = 0;
  while (i < pattern.length) {
    const c = pattern[i]!;
    if (c === '\\') {
      const end = skipEscape(pattern, i);
      if (pattern[i + 1] === 'Q') for (let k = i + 2; k < end - 2; k++) atom(1);
      else atom(1);
      i = end;
    } else if (c === '[') {
      i = skipClass(pattern, i);
      atom(1);
    } else if (c === '(') {
      if (pattern.startsWith('(?', i) && /^\(\?[a-zA-Z-]*\)/.test(pattern.slice(i, i + 12))) {
        i = pattern.indexOf(')', i) + 1;
        frame.last = 0;
        continue;
      }
      frame = { total: 0, last: 0 };
      frames.push(frame);
      i += /^\(\?(?:[a-zA-Z-]*:|P?<[^>]*>)/.exec(pattern.slice(i, i + 40))?.[0].length ?? 1;
    } else if (c === ')') {
      if (frames.length > 1) {
        const size = frame.total;
        frames.pop();
        frame = frames[frames.length - 1]!;
        atom(size);
      }
      i++;
    } else if (c === '|') {
      frame.total += 1;
      frame.last = 0;
      i++;
    } else if (c === '*' || c === '+' || c === '?') {
      frame.total += 1;
      i++;
    } else if (c === '{') {
      const repeat = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i, i + 24));
      if (repeat === null) {
        atom(1);
        i++;
        continue;
      }
      const min = Number(repeat[1]);
      const count = repeat[2] === undefined ? min : repeat[3] ? Math.max(min, Number(repeat[3])) : min + 1;
      frame.total += frame.last * (count - 1);
      frame.last *= count;
      i += repeat[0].length;
    } else {
      atom(1);
      i++;
    }
  }
  return frames.reduce((sum, f) => sum + f.total, 0);
}

/**
 * The index after the escape at `i`: `\x{...}`, `\p{...}`, `\pL`, `\Q...\E` (an unclosed `\Q`
 * runs to the end; the index is then 2 past it, as if `\E` followed), or a backslash and one character.
 */
function skipEscape(pattern: string, i: number): number {
  const kind = pattern[i + 1];
  if ((kind === 'x' || kind === 'p' || kind === 'P') && pattern[i + 2] === '{') {
    const close = pattern.indexOf('}', i + 3);
    return close === -1 ? pattern.length : close + 1;
  }
  if (kind === 'Q') {
    const close = pattern.indexOf('\\E', i + 2);
    return close === -1 ? pattern.length + 2 : close + 2;
  }
  if (kind === 'p' || kind === 'P') return Math.min(pattern.length, i + 3);
  return Math.min(pattern.length, i + 2);
}

/** The index after the class opening at `i` (a `]` right after `[` or `[^` is a member). */
function skipClass(pattern: string, i: number): number {
  let k = i + 1;
  if (pattern[k] === '^') k++;
  if (pattern[k] === ']') k++;
  while (k < pattern.length && pattern[k] !== ']') {
    if (pattern[k] === '\\') k = skipEscape(pattern, k);
    else if (pattern.startsWith('[:', k)) {
      const close = pattern.indexOf(':]', k + 2);
      k = close === -1 ? k + 1 : close + 2;
    } else k++;
  }
  return k + 1;
}
