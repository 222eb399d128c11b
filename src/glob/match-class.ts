import { SLASH, type GlobNode } from './glob-syntax';

/** Whether a class holds `code`: never for `/`, which only a literal `/` matches. */
export function isInClass(node: Extract<GlobNode, { kind: 'class' }>, code: number): boolean {
  if (code === SLASH) return false;
  const ranges = node.ranges;
  for (let i = 0; i < ranges.length; i += 2) {
    if (code >= ranges[i]! && code <= ranges[i + 1]!) return !node.negated;
  }
  return node.negated;
}
