import type { CST } from 'yaml';

export interface Nesting {
  /** The deepest nesting of collections (mappings, lists) in the tokens. */
  depth: number;
  /** Offset of the first collection (in document order) nested deeper than the limit. */
  firstBeyond: number | undefined;
}

/**
 * How deep the collections of a parsed token stream nest, measured on the
 * concrete syntax tree before the document is composed: composing, like every
 * walker after it, recurses once per level, so `[[[[...]]]]` a hundred thousand
 * levels deep must be caught here. The parser that built the tokens keeps an
 * explicit stack, and so does this walk.
 */
export function measureNesting(tokens: readonly CST.Token[], limit: number): Nesting {
  let depth = 0;
  let firstBeyond: number | undefined;
  const pending: [CST.Token, number][] = tokens.map((token) => [token, 0]);
  pending.reverse();
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [token, level] = next;
    const children = childrenOf(token);
    if (children === undefined) continue;
    const inner = token.type === 'document' ? level : level + 1;
    if (inner > depth) depth = inner;
    if (inner > limit && firstBeyond === undefined) firstBeyond = token.offset;
    for (let i = children.length - 1; i >= 0; i--) pending.push([children[i]!, inner]);
  }
  return { depth, firstBeyond };
}

function childrenOf(token: CST.Token): CST.Token[] | undefined {
  switch (token.type) {
    case 'document':
      return token.value ? [token.value] : [];
    case 'block-map':
    case 'block-seq':
    case 'flow-collection': {
      const children: CST.Token[] = [];
      for (const item of token.items as CST.CollectionItem[]) {
        if (item.key) children.push(item.key);
        if (item.value) children.push(item.value);
      }
      return children;
    }
    default:
      return undefined;
  }
}
