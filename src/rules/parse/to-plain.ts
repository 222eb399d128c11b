import { isAlias, isMap, isScalar, isSeq, type Alias, type Document, type Node } from 'yaml';
import { createDiagnostic } from '../../diagnostics/create-diagnostic';
import type { Diagnostic } from '../../diagnostics/diagnostic';
import type { DiagnosticCode } from '../../diagnostics/codes';
import { RULE_LIMITS } from '../limits';
import { formatCount } from '../../terminal/format-count';
import type { SpecPath } from '../spec';
import { getKeyText, getNodeRange, resolveNode } from './yaml-nodes';

export interface PlainContext {
  file: string;
  text: string;
  doc: Document;
  isStringPosition(path: SpecPath): boolean;
  diagnostics: Diagnostic[];
}

export interface PlainResult {
  /** The plain data; null when `complete` is false. */
  value: unknown;
  /** False when a limit stopped the conversion (reported in the diagnostics). */
  complete: boolean;
}

/** Thrown inside the walk once a limit is reported, to stop it at once. */
class LimitReached extends Error {}

interface Walk {
  context: PlainContext;
  aliasUses: number;
  aliasValues: number;
  /** The aliases being followed, outermost first. */
  following: Alias[];
  /** The collections being converted, to catch an alias that contains itself. */
  active: Set<Node>;
}

/**
 * Converts a YAML node to plain data, the shape the schema validates:
 * mappings to objects (the first of duplicate keys wins; duplicates are reported
 * elsewhere), sequences to arrays, scalars to their value, except that numbers and
 * booleans in string positions become their source text. Aliases are followed;
 * an alias to no anchor, or one that contains itself, is reported and becomes null.
 *
 * Following aliases is where a few hundred bytes can stand for gigabytes
 * (`b: &b [*a, *a, ...]`, nine levels deep), so it is bounded here, not left to
 * the YAML library, whose own limit only applies to its `toJS`: the uses of
 * aliases, the values they add and the depth of the result. The first limit
 * reached is reported at the outermost alias being followed, and the
 * conversion stops there.
 */
export function toPlain(context: PlainContext, node: unknown, path: SpecPath = []): PlainResult {
  const walk: Walk = { context, aliasUses: 0, aliasValues: 0, following: [], active: new Set() };
  try {
    return { value: convert(walk, node, path, 0), complete: true };
  } catch (error) {
    if (error instanceof LimitReached) return { value: null, complete: false };
    throw error;
  }
}

function convert(walk: Walk, node: unknown, path: SpecPath, depth: number): unknown {
  if (isAlias(node)) return follow(walk, node, path, depth);
  if (walk.following.length > 0 && ++walk.aliasValues > RULE_LIMITS.aliasValues) {
    stop(
      walk,
      'ALIAS_EXPANSION_TOO_LARGE',
      `aliases add more than ${formatCount(RULE_LIMITS.aliasValues)} values to this file's data (following this one); at most ${formatCount(RULE_LIMITS.aliasValues)} are allowed`,
      node,
    );
  }
  if (node === null || node === undefined) return null;
  if (isScalar(node)) {
    const value = node.value;
    const coerce = typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint';
    if (coerce && walk.context.isStringPosition(path)) return node.source ?? String(value);
    return typeof value === 'bigint' ? Number(value) : value;
  }
  if (depth + 1 > RULE_LIMITS.yamlDepth) {
    const limit = formatCount(RULE_LIMITS.yamlDepth);
    const what = walk.following.length > 0 ? 'following this alias nests' : 'this file nests';
    const message = `${what} mappings and lists more than ${limit} levels deep; at most ${limit} are allowed`;
    stop(walk, 'YAML_TOO_DEEP', message, node);
  }
  walk.active.add(node as Node);
  try {
    if (isSeq(node)) return node.items.map((item, index) => convert(walk, item, [...path, index], depth + 1));
    if (isMap(node)) return convertMap(walk, node.items, path, depth + 1);
    return null;
  } finally {
    walk.active.delete(node as Node);
  }
}

function follow(walk: Walk, alias: Alias, path: SpecPath, depth: number): unknown {
  const target = resolveNode(walk.context.doc, alias);
  if (!target || walk.active.has(target)) {
    const problem = target ? 'refers to a node that contains it' : `refers to no anchor '&${alias.source}'`;
    report(walk.context, 'YAML_SYNTAX', `alias '*${alias.source}' ${problem}`, alias);
    return null;
  }
  walk.following.push(alias);
  if (++walk.aliasUses > RULE_LIMITS.aliasUses) {
    const limit = formatCount(RULE_LIMITS.aliasUses);
    stop(
      walk,
      'ALIAS_EXPANSION_TOO_LARGE',
      `aliases are followed more than ${limit} times in this file, counting the aliases inside anchored values each time those are used (reached while following this one); at most ${limit} are allowed`,
      alias,
    );
  }
  try {
    return convert(walk, target, path, depth);
  } finally {
    walk.following.pop();
  }
}

function convertMap(
  walk: Walk,
  pairs: readonly { key: unknown; value: unknown }[],
  path: SpecPath,
  depth: number,
): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const pair of pairs) {
    const key = getKeyText(pair.key);
    if (key === undefined) {
      const message = isAlias(pair.key)
        ? `a key must be written out, not an alias (*${pair.key.source})`
        : 'a key must be plain text, not a list or mapping';
      report(walk.context, 'INVALID_TYPE', message, pair.key);
      continue;
    }
    if (Object.prototype.hasOwnProperty.call(result, key)) continue;
    // defineProperty: a key named "__proto__" must stay an ordinary key
    Object.defineProperty(result, key, {
      value: convert(walk, pair.value, [...path, key], depth),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return result;
}

/** Reports a limit at the outermost alias being followed (else at `node`) and ends the walk. */
function stop(walk: Walk, code: DiagnosticCode, message: string, node: unknown): never {
  report(walk.context, code, message, walk.following[0] ?? node);
  throw new LimitReached(message);
}

function report(context: PlainContext, code: DiagnosticCode, message: string, node: unknown) {
  const range = getNodeRange(node, context.text);
  context.diagnostics.push(createDiagnostic(code, context.file, message, { range }));
}
