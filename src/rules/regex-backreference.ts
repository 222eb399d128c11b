/**
 * What to write instead of a backreference (`\1`, `\k<name>`), which RE2
 * refuses: "the same text again" needs a backtracking engine. When the group
 * it repeats always matches one known text, the repeat is written out (`(a)\1`
 * -> `a{2}`); when it matches one character of a small set, the repeats are
 * listed (`(\d)\1` -> `(?:00|11|...|99)`). `at` is what the rewrite replaces.
 */
export interface BackreferenceFix {
  instead: string;
  rewrite?: { at: { start: number; end: number }; text: string };
}

interface Group {
  index: number;
  name?: string;
  start: number;
  end: number;
  depth: number;
}

/** Sets of characters listed out at most this long: `[a-z]` (26) still reads as one line. */
const MAX_LISTED = 26;

export function suggestBackreferenceFix(pattern: string, start: number): BackreferenceFix {
  const reference = readReference(pattern, start);
  const groups = listGroups(pattern);
  const group = groups.find((g) =>
    reference.name ? g.name === reference.name : g.index === reference.index,
  );
  const generic = `\`${reference.text}\` stands for whatever its group matched, which RE2 cannot express; for a repeated character, list the repeats you mean (\`(?:aa|bb|cc)\`), or count a known one (\`a{2}\`)`;
  if (!group || group.end > start || group.depth > 0 || hasAlternation(pattern)) return { instead: generic };
  if (/^[*+?{]/.test(pattern.slice(group.end))) return { instead: generic };
  const body = pattern.slice(group.start + 1, group.end - 1).replace(/^\?P?<[^>]*>/, '');
  const groupText = pattern.slice(group.start, group.end);
  const literal = readLiteral(body);
  const adjacent = group.end === start;
  const after = pattern.slice(reference.end);
  const quantifier = /^(?:[*+?]|\{\d+(?:,\d*)?\})\??/.exec(after)?.[0] ?? '';
  if (literal !== undefined && literal.length > 0) {
    if ([...literal].length === 1 && adjacent && quantifier === '') {
      const text = `${body}{2}`;
      const instead = `the group always matches \`${literal}\`, so count the repeat: write \`${text}\` for \`${groupText}${reference.text}\``;
      return { instead, rewrite: { at: { start: group.start, end: reference.end }, text } };
    }
    const text = [...literal].length === 1 ? body : `(?:${body})`;
    const instead = `the group always matches \`${literal}\`: write \`${text}\` in place of \`${reference.text}\``;
    return { instead, rewrite: { at: { start, end: reference.end }, text } };
  }
  const members = listMembers(body);
  if (members === undefined || !adjacent) return { instead: generic };
  const text = `(?:${members.map((c) => `${escapeChar(c)}${escapeChar(c)}${quantifier}`).join('|')})`;
  const instead = `\`${groupText}${reference.text}${quantifier}\` means one character of \`${body}\` repeated, which RE2 cannot express; list the repeats instead: \`${text}\``;
  return { instead, rewrite: { at: { start: group.start, end: reference.end + quantifier.length }, text } };
}

function readReference(
  pattern: string,
  start: number,
): { text: string; end: number; index?: number; name?: string } {
  const named = /^\\k<([^>]*)>/.exec(pattern.slice(start));
  if (named) return { text: named[0], end: start + named[0].length, name: named[1] };
  const digit = pattern.charAt(start + 1);
  return { text: `\\${digit}`, end: start + 2, index: Number(digit) };
}

/** The capturing groups, numbered as RE2 numbers them; escapes and classes skipped. */
function listGroups(pattern: string): Group[] {
  const groups: Group[] = [];
  const open: (Omit<Group, 'end'> | undefined)[] = [];
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === '\\') i++;
    else if (ch === '[') i = skipClass(pattern, i);
    else if (ch === '(') {
      const named = /^\(\?P?<([A-Za-z_]\w*)>/.exec(pattern.slice(i));
      const capturing = named !== null || pattern[i + 1] !== '?';
      const depth = open.length;
      open.push(
        capturing
          ? {
              index: groups.length + open.filter(Boolean).length + 1,
              start: i,
              depth,
              ...(named && { name: named[1]! }),
            }
          : undefined,
      );
    } else if (ch === ')') {
      const group = open.pop();
      if (group) groups.push({ ...group, end: i + 1 });
    }
  }
  return groups.sort((a, b) => a.index - b.index);
}

/** The offset of the `]` closing the class at `i` (a `]` first is a member). */
function skipClass(pattern: string, i: number): number {
  let k = i + 1;
  if (pattern[k] === '^') k++;
  if (pattern[k] === ']') k++;
  for (; k < pattern.length && pattern[k] !== ']'; k++) if (pattern[k] === '\\') k++;
  return k;
}

function hasAlternation(pattern: string): boolean {
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i] === '\\') i++;
    else if (pattern[i] === '[') i = skipClass(pattern, i);
    else if (pattern[i] === '|') return true;
  }
  return false;
}

/** The text a group body always matches when it holds only literal characters (and escaped punctuation). */
function readLiteral(body: string): string | undefined {
  let text = '';
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (ch === '\\') {
      const next = body[i + 1];
      if (next === undefined || /[A-Za-z0-9]/.test(next)) return undefined;
      text += next;
      i++;
    } else if ('.[](){}|*+?^$'.includes(ch)) return undefined;
    else text += ch;
  }
  return text;
}

/** The characters of `\d` or of a plain class (`[abc]`, `[0-9]`), when few enough to list. */
function listMembers(body: string): string[] | undefined {
  if (body === '\\d') return [...'0123456789'];
  const plain = /^\[([^\]\\^][^\]\\]*)\]$/.exec(body);
  if (!plain) return undefined;
  const members = new Set<string>();
  const chars = [...plain[1]!];
  for (let k = 0; k < chars.length; k++) {
    const low = chars[k]!;
    if (chars[k + 1] === '-' && k + 2 < chars.length) {
      const high = chars[k + 2]!;
      for (let c = low.codePointAt(0)!; c <= high.codePointAt(0)! && members.size <= MAX_LISTED; c++)
        members.add(String.fromCodePoint(c));
      k += 2;
    } else members.add(low);
  }
  return members.size > 0 && members.size <= MAX_LISTED ? [...members] : undefined;
}

function escapeChar(ch: string): string {
  return /[\\.^$|?*+()[\]{}]/.test(ch) ? `\\${ch}` : ch;
}
