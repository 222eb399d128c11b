import type { ConditionTrace } from '../../rules/compile/condition-trace';
import type { ConditionSpec, LeafSpec } from '../../rules/spec';

export interface ConditionLeaf {
  path: string;
  condition: string;
}

/**
 * The leaves of a condition as written, each with its path (`if.all[1]`).
 * A `ref` is followed into the named condition (`if.ref(gold).any[0]`), so a
 * named condition used by two rules is covered separately for each.
 */
export function listConditionLeaves(
  spec: ConditionSpec,
  path: string,
  named: Readonly<Record<string, ConditionSpec>> = {},
  active: ReadonlySet<string> = new Set(),
): ConditionLeaf[] {
  const record = spec as unknown as Record<string, unknown>;
  if (Array.isArray(record.all) || Array.isArray(record.any)) {
    const kind = Array.isArray(record.all) ? 'all' : 'any';
    return (record[kind] as ConditionSpec[]).flatMap((c, i) => listConditionLeaves(c, `${path}.${kind}[${i}]`, named, active));
  }
  if (record.not !== undefined) return listConditionLeaves(record.not as ConditionSpec, `${path}.not`, named, active);
  if (typeof record.ref === 'string') {
    const target = named[record.ref];
    if (target === undefined || active.has(record.ref)) return [];
    return listConditionLeaves(target, `${path}.ref(${record.ref})`, named, new Set([...active, record.ref]));
  }
  if (typeof record.changed === 'string') return [{ path, condition: `changed ${JSON.stringify(record.changed)}` }];
  const leaf = spec as LeafSpec;
  const operator = Object.keys(leaf).find((k) => k !== 'var') ?? '?';
  return [{ path, condition: `${leaf.var} ${operator} ${JSON.stringify(leaf[operator])}` }];
}

/** Calls `visit` with the path and result of every leaf of a trace, with the paths of `listConditionLeaves`. */
export function visitTraceLeaves(trace: ConditionTrace, path: string, visit: (path: string, result: boolean) => void): void {
  switch (trace.kind) {
    case 'leaf':
    case 'changed':
      visit(path, trace.result);
      return;
    case 'all':
    case 'any':
      trace.children.forEach((c, i) => visitTraceLeaves(c, `${path}.${trace.kind}[${i}]`, visit));
      return;
    case 'not':
      visitTraceLeaves(trace.child, `${path}.not`, visit);
      return;
    case 'ref':
      visitTraceLeaves(trace.child, `${path}.ref(${trace.name})`, visit);
  }
}
