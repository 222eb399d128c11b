import { isMap, isScalar, Scalar, type Document, type Pair } from 'yaml';
import type { SpecPath } from '../spec';
import { getKeyText } from './yaml-nodes';

/**
 * A value of a flow mapping that a comma cut short: in `{ note: Why, for the
 * log. }` the comma ends `note`'s value, and `for the log.` becomes a key with
 * no value. What was meant, for the error about that key.
 */
export interface SplitValue {
  /** From the key whose value was cut to the end of the last piece cut off (half-open offsets). */
  start: number;
  end: number;
  /** That key, as written. */
  key: string;
  /** The value as written, commas included: `Why, for the log.`. */
  value: string;
  /** The keys the pieces cut off became: `for the log.`. */
  pieces: string[];
}

/**
 * Whether `key` of the mapping at `path` is a piece cut off a plain value by a
 * comma: the mapping is a flow mapping (`{ ... }`), `key` is a plain scalar
 * without `:` nor value, and only a comma and spaces separate it from the
 * plain value before it (or from another such piece, back to that value).
 */
export function findSplitValue(
  doc: Document,
  text: string,
  path: SpecPath,
  key: string,
): SplitValue | undefined {
  const node = path.length === 0 ? doc.contents : doc.getIn(path, true);
  if (!isMap(node) || !node.flow) return undefined;
  const pairs = node.items as Pair[];
  const at = pairs.findIndex((pair) => getKeyText(pair.key) === key);
  if (at < 1 || !isPiece(pairs[at]!)) return undefined;
  let first = at;
  while (first > 0 && isPiece(pairs[first]!) && follows(text, pairs[first - 1]!, pairs[first]!)) first--;
  const owner = pairs[first]!;
  if (isPiece(owner) || !isPlain(owner.value) || !isPlain(owner.key)) return undefined;
  let last = at;
  while (
    last + 1 < pairs.length &&
    isPiece(pairs[last + 1]!) &&
    follows(text, pairs[last]!, pairs[last + 1]!)
  )
    last++;
  const keyRange = (owner.key as Scalar).range!;
  const valueStart = (owner.value as Scalar).range![0];
  const end = (pairs[last]!.key as Scalar).range![1];
  return {
    start: keyRange[0],
    end,
    key: text.slice(keyRange[0], keyRange[1]),
    value: text.slice(valueStart, end),
    pieces: pairs.slice(first + 1, last + 1).map((pair) => getKeyText(pair.key) ?? ''),
  };
}

/** A plain key with neither `:` nor value (`for the log.` of `{ note: Why, for the log. }`). */
function isPiece(pair: Pair): boolean {
  // `key:` with nothing after it has an empty scalar as its value; only a key without `:` has none.
  return isPlain(pair.key) && pair.value === null;
}

function isPlain(node: unknown): node is Scalar {
  return isScalar(node) && node.type === Scalar.PLAIN && node.range !== undefined && node.range !== null;
}

/** Only a comma and white space between the end of `before` (its value, else its key) and the key of `after`. */
function follows(text: string, before: Pair, after: Pair): boolean {
  const end = ((before.value ?? before.key) as Scalar).range?.[1];
  const start = (after.key as Scalar).range?.[0];
  return end !== undefined && start !== undefined && /^\s*,\s*$/.test(text.slice(end, start));
}
