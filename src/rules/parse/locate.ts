import { isAlias, isMap, isScalar, isSeq, type Document, type Pair, type YAMLMap } from 'yaml';
import type { Range } from '../../diagnostics/diagnostic';
import type { SpecPath } from '../spec';
import { getKeyText, getNodeRange, isEmptyScalar, resolveNode } from './yaml-nodes';

/** Maps spec paths back to the source; also accepts array indexes written as strings ("0"). */
export interface Locator {
  /**
   * Range of the value at `path`; when the value is empty (`then:`), the empty range where it would be
   * written (after the `:` and any spaces, where editors underline it); for a path that does not exist,
   * of the deepest node on the way that does (its key when its value is empty).
   */
  locate(path: SpecPath): Range | undefined;
  /** Range of the key of the last segment of `path` (mapping keys only), else `locate(path)`. */
  locateKey(path: SpecPath): Range | undefined;
  /**
   * Range of the characters `[from, to)` of the text value at `path`, when the
   * source spells the value literally (plain or quoted without escapes); else `locate(path)`.
   */
  locateWithin(path: SpecPath, from: number, to: number): Range | undefined;
  /** The keys of the mapping at `path` in written order (first of duplicates only). */
  keysAt(path: SpecPath): string[] | undefined;
}

interface Step {
  node: unknown;
  pair?: Pair;
}

export function createLocator(doc: Document, text: string): Locator {
  /** Walks as far as `path` goes; the last step is the deepest node reached. */
  const walk = (path: SpecPath): { steps: Step[]; complete: boolean } => {
    const steps: Step[] = [{ node: doc.contents }];
    for (const segment of path) {
      const current = resolveNode(doc, steps[steps.length - 1]?.node);
      const next = stepInto(current, segment);
      if (!next) return { steps, complete: false };
      steps.push(next);
    }
    return { steps, complete: true };
  };

  const rangeOf = (step: Step | undefined): Range | undefined => {
    if (!step) return undefined;
    if (step.pair && (step.node === null || isEmptyScalar(step.node)))
      return getNodeRange(step.pair.key, text);
    const node = isAlias(step.node) ? step.node : (step.node ?? undefined);
    return getNodeRange(node, text) ?? (step.pair ? getNodeRange(step.pair.key, text) : undefined);
  };

  const locate = (path: SpecPath): Range | undefined => {
    const { steps, complete } = walk(path);
    const last = steps[steps.length - 1];
    // Where editors (yaml-language-server) underline an empty value: the empty range after `key:`.
    if (complete && last?.pair && isEmptyScalar(last.node)) {
      const at = getNodeRange(last.node, text)?.start;
      if (at !== undefined) return { start: at, end: at };
    }
    for (let i = steps.length - 1; i >= 0; i--) {
      const range = rangeOf(steps[i]);
      if (range) return range;
    }
    return { start: 0, end: 0 };
  };

  const locateKey = (path: SpecPath): Range | undefined => {
    const { steps, complete } = walk(path);
    const last = steps[steps.length - 1];
    if (complete && last?.pair) return getNodeRange(last.pair.key, text) ?? locate(path);
    return locate(path);
  };

  const keysAt = (path: SpecPath): string[] | undefined => {
    const { steps, complete } = walk(path);
    const node = resolveNode(doc, steps[steps.length - 1]?.node);
    if (!complete || !isMap(node)) return undefined;
    const keys = node.items.map((pair) => getKeyText(pair.key)).filter((k): k is string => k !== undefined);
    return [...new Set(keys)];
  };

  const locateWithin = (path: SpecPath, from: number, to: number): Range | undefined => {
    const { steps, complete } = walk(path);
    const node = steps[steps.length - 1]?.node;
    const range = getNodeRange(node, text);
    if (!complete || !range || !isScalar(node) || typeof node.value !== 'string') return locate(path);
    const start = range.start + (node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE' ? 1 : 0);
    if (text.slice(start, start + node.value.length) !== node.value) return range;
    return { start: start + from, end: start + to };
  };

  return { locate, locateKey, locateWithin, keysAt };
}

function stepInto(node: unknown, segment: string | number): Step | undefined {
  if (isSeq(node)) {
    const index = typeof segment === 'number' ? segment : Number(segment);
    if (!Number.isInteger(index) || index < 0 || index >= node.items.length) return undefined;
    return { node: node.items[index] };
  }
  if (isMap(node)) {
    const pair = indexPairs(node).get(String(segment));
    return pair ? { node: pair.value, pair } : undefined;
  }
  return undefined;
}

const pairIndexes = new WeakMap<YAMLMap, Map<string, Pair>>();

/**
 * The pairs of a mapping by key text (first of duplicates), built once per
 * mapping: a file with many problems in one large mapping would otherwise
 * scan the mapping once per problem.
 */
function indexPairs(map: YAMLMap): Map<string, Pair> {
  let index = pairIndexes.get(map);
  if (index === undefined) {
    index = new Map();
    for (const pair of map.items) {
      const key = getKeyText(pair.key);
      if (key !== undefined && !index.has(key)) index.set(key, pair as Pair);
    }
    pairIndexes.set(map, index);
  }
  return index;
}
