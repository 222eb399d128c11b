import { isAlias, isScalar, visit, type Alias, type Document, type Node } from 'yaml';
import type { Range } from '../../diagnostics/diagnostic';

/**
 * The text a mapping key stands for: quoted keys by their value, plain keys by
 * their source text (so `0.10:` is the key "0.10"), an empty key as "".
 * Undefined for keys that are not scalars (`? [a, b]: x`), which rule files never need.
 */
export function getKeyText(key: unknown): string | undefined {
  if (key === null || key === undefined) return '';
  if (!isScalar(key)) return undefined;
  if (typeof key.value === 'string') return key.value;
  if (key.value === null) return key.source ?? '';
  return key.source ?? String(key.value);
}

/** Follows an alias to its anchored node; undefined for an alias to no anchor. */
export function resolveNode(doc: Document, node: unknown): Node | undefined {
  if (isAlias(node)) return getAliasTargets(doc).get(node);
  return (node as Node | null) ?? undefined;
}

const aliasTargets = new WeakMap<Document, Map<Alias, Node | undefined>>();

/**
 * Every alias of the document with its target: the last node anchored with its
 * name before it, in document order (YAML's rule). Computed in one walk per
 * document because `Alias.resolve` walks the whole document on every call,
 * which made N aliases cost N times the file.
 */
function getAliasTargets(doc: Document): Map<Alias, Node | undefined> {
  let targets = aliasTargets.get(doc);
  if (targets === undefined) {
    const found = new Map<Alias, Node | undefined>();
    const anchors = new Map<string, Node>();
    visit(doc, {
      Node(_, node) {
        if (isAlias(node)) found.set(node, anchors.get(node.source));
        else if (node.anchor) anchors.set(node.anchor, node);
      },
    });
    targets = found;
    aliasTargets.set(doc, targets);
  }
  return targets;
}

/**
 * The source range of a node without trailing whitespace (a block collection's
 * range runs to the start of the next line). Undefined for nodes without a range.
 */
export function getNodeRange(node: unknown, text: string): Range | undefined {
  const range = (node as { range?: [number, number, number] | null } | null)?.range;
  if (!range) return undefined;
  const start = range[0];
  let end = range[1];
  while (end > start && /\s/.test(text.charAt(end - 1))) end--;
  return { start, end };
}

/** True for a scalar with no text at all (`key:` with nothing after it). */
export function isEmptyScalar(node: unknown): boolean {
  return isScalar(node) && node.value === null && (node.source ?? '') === '';
}
