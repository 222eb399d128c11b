import type { GlobNode } from './glob-syntax';

type ClassNode = Extract<GlobNode, { kind: 'class' }>;

/** Past this code point Unicode has no letter with a lower case (the last ones are Adlam's, near U+1E900). */
const LAST_CASED = 0x1ffff;

/**
 * The nodes that match the lower case (`toLowerCase`) of every text `nodes` match in any case: a glob
 * made blind to case once, at compile time, so that a matcher only lower-cases the text. Literal
 * characters are lower-cased; a class gains the lower case of every character it holds (`[A-C]` also
 * holds `a-c`; negated, `[!A]` then refuses `a` as well as `A`).
 */
export function foldCase(nodes: readonly GlobNode[]): GlobNode[] {
  return nodes.flatMap((node): GlobNode[] => {
    switch (node.kind) {
      case 'char':
        return [...String.fromCodePoint(node.code).toLowerCase()].map((c) => ({
          kind: 'char',
          code: c.codePointAt(0)!,
        }));
      case 'class':
        return [foldClass(node)];
      case 'alt':
        return [{ kind: 'alt', options: node.options.map(foldCase) }];
      default:
        return [node];
    }
  });
}

function foldClass(node: ClassNode): ClassNode {
  const added = new Set<number>();
  const { ranges } = node;
  for (let i = 0; i < ranges.length; i += 2) {
    const high = Math.min(ranges[i + 1]!, LAST_CASED);
    for (let code = ranges[i]!; code <= high; code++) {
      const lower = String.fromCodePoint(code).toLowerCase();
      const folded = lower.codePointAt(0)!;
      // A letter whose lower case is two characters (`İ`) has no one-character form a class could hold.
      if (folded !== code && lower.length === String.fromCodePoint(folded).length) added.add(folded);
    }
  }
  return added.size === 0 ? node : { ...node, ranges: [...ranges, ...toRanges(added)] };
}

/** Code points as inclusive [low, high] pairs, runs of consecutive ones joined (`a-z`, not 26 pairs). */
function toRanges(codes: ReadonlySet<number>): number[] {
  const sorted = [...codes].sort((a, b) => a - b);
  const ranges: number[] = [];
  for (const code of sorted) {
    if (ranges.length > 0 && ranges[ranges.length - 1] === code - 1) ranges[ranges.length - 1] = code;
    else ranges.push(code, code);
  }
  return ranges;
}
