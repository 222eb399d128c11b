import { suggestName } from '../../diagnostics';
import type { SpecPath } from '../spec';
import { asRecord, hasOwn, report, type CheckContext } from './check-context';
import { walkAllConditions, walkCondition } from './walk';

interface RefEdge {
  to: string;
  path: SpecPath;
}

/** Every `ref` names a condition of the ruleset's `conditions`, and named conditions never refer to themselves. */
export function checkRefs(context: CheckContext): void {
  const named = asRecord(asRecord(context.root)?.conditions) ?? {};
  const names = Object.keys(named);
  walkAllConditions(context.root, (condition, path) => {
    const ref = condition.ref;
    if (typeof ref !== 'string' || hasOwn(named, ref)) return;
    const known = names.length
      ? `; named conditions: ${names.join(', ')}`
      : '; this ruleset has no conditions';
    report(
      context,
      'UNKNOWN_REF',
      `no condition named '${ref}'${known}`,
      context.locate([...path, 'ref']),
      suggestName(ref, names),
    );
  });
  checkCycles(context, collectEdges(named));
}

/** For each named condition, the refs to other named conditions found anywhere inside it. */
function collectEdges(named: Record<string, unknown>): Map<string, RefEdge[]> {
  const edges = new Map<string, RefEdge[]>();
  for (const [name, condition] of Object.entries(named)) {
    const out: RefEdge[] = [];
    walkCondition(condition, ['conditions', name], (c, path) => {
      if (typeof c.ref === 'string' && hasOwn(named, c.ref)) out.push({ to: c.ref, path: [...path, 'ref'] });
    });
    edges.set(name, out);
  }
  return edges;
}

/** Depth-first search; each cycle is reported once, at the `ref` that closes it. */
function checkCycles(context: CheckContext, edges: Map<string, RefEdge[]>): void {
  const done = new Set<string>();
  const stack: string[] = [];
  const reported = new Set<string>();
  const visit = (name: string): void => {
    stack.push(name);
    for (const edge of edges.get(name) ?? []) {
      const start = stack.indexOf(edge.to);
      if (start !== -1) {
        const members = stack.slice(start);
        const key = [...members].sort().join('\u0000');
        if (reported.has(key)) continue;
        reported.add(key);
        const loop = [...members, edge.to].join(' → ');
        const message = `named conditions refer to each other in a loop (${loop}), so none can be evaluated`;
        report(context, 'REF_CYCLE', message, context.locate(edge.path));
      } else if (!done.has(edge.to)) {
        visit(edge.to);
      }
    }
    stack.pop();
    done.add(name);
  };
  for (const name of edges.keys()) if (!done.has(name)) visit(name);
}
