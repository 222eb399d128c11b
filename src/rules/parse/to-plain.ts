import { isAlias, isMap, isScalar, isSeq, type Document, type Node } from 'yaml';
import { createDiagnostic, type Diagnostic } from '../../diagnostics';
import type { SpecPath } from '../spec';
import { getKeyText, getNodeRange, resolveNode } from './yaml-nodes';

export interface PlainContext {
  file: string;
  text: string;
  doc: Document;
  isStringPosition(path: SpecPath): boolean;
  diagnostics: Diagnostic[];
}

/**
 * Converts a YAML node to plain data, the shape the schema validates:
 * mappings to objects (the first of duplicate keys wins; duplicates are reported
 * elsewhere), sequences to arrays, scalars to their value, except that numbers and
 * booleans in string positions become their source text. Aliases are followed;
 * an alias to no anchor, or one that contains itself, is reported and becomes null.
 */
export function toPlain(context: PlainContext, node: unknown, path: SpecPath = []): unknown {
  return convert(context, node, path, new Set());
}

function convert(context: PlainContext, node: unknown, path: SpecPath, active: Set<Node>): unknown {
  if (node === null || node === undefined) return null;
  if (isAlias(node)) {
    const target = resolveNode(context.doc, node);
    if (!target || active.has(target)) {
      const problem = target ? 'refers to a node that contains it' : `refers to no anchor '&${node.source}'`;
      report(context, 'YAML_SYNTAX', `alias '*${node.source}' ${problem}`, node);
      return null;
    }
    return convert(context, target, path, active);
  }
  if (isScalar(node)) {
    const value = node.value;
    const coerce = typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint';
    if (coerce && context.isStringPosition(path)) return node.source ?? String(value);
    return typeof value === 'bigint' ? Number(value) : value;
  }
  active.add(node as Node);
  try {
    if (isSeq(node)) return node.items.map((item, index) => convert(context, item, [...path, index], active));
    if (isMap(node)) return convertMap(context, node.items, path, active);
    return null;
  } finally {
    active.delete(node as Node);
  }
}

function convertMap(
  context: PlainContext,
  pairs: readonly { key: unknown; value: unknown }[],
  path: SpecPath,
  active: Set<Node>,
): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const pair of pairs) {
    const key = getKeyText(pair.key);
    if (key === undefined) {
      report(context, 'INVALID_TYPE', 'a key must be plain text, not a list or mapping', pair.key);
      continue;
    }
    if (Object.prototype.hasOwnProperty.call(result, key)) continue;
    // defineProperty: a key named "__proto__" must stay an ordinary key
    Object.defineProperty(result, key, {
      value: convert(context, pair.value, [...path, key], active),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return result;
}

function report(context: PlainContext, code: 'YAML_SYNTAX' | 'INVALID_TYPE', message: string, node: unknown) {
  const range = getNodeRange(node, context.text);
  context.diagnostics.push(createDiagnostic(code, context.file, message, { range }));
}
