import { formatNameList } from '../../diagnostics/list-names';
import { suggestName } from '../../diagnostics/did-you-mean';
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
      ? `; named conditions: ${formatNameList(names)}`
      : '; this ruleset has no conditions';
    report(
      context,
      'UNKNOWN_REF',
      `no condition named '${ref}'${known}`,
      context.locate([...path, 'ref']),
      () => suggestName(ref, names),
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

/**
 * Depth-first search with an explicit stack (a file can chain thousands of
 * refs); each loop is reported at the `ref` that closes it.
 */
function checkCycles(context: CheckContext, edges: Map<string, RefEdge[]>): void {
  const done = new Set<string>();
  let reported = 0;
  for (const start of edges.keys()) {
    if (done.has(start)) continue;
    const path: string[] = [start];
    const next: number[] = [0];
    const onPath = new Map<string, number>([[start, 0]]);
    while (path.length > 0) {
      const name = path[path.length - 1]!;
      const edge = edges.get(name)?.[next[next.length - 1]!++];
      if (edge === undefined) {
        path.pop();
        next.pop();
        onPath.delete(name);
        done.add(name);
        continue;
      }
      const loopStart = onPath.get(edge.to);
      if (loopStart !== undefined) {
        if (reported++ < MAX_REPORTED_CYCLES) reportCycle(context, path.slice(loopStart), edge);
      } else if (!done.has(edge.to)) {
        onPath.set(edge.to, path.length);
        path.push(edge.to);
        next.push(0);
      }
    }
  }
}

/**
 * Loops reported per file at most: each costs its length, and a few are enough
 * to act on. Every edge is followed once, so no loop is found twice.
 */
const MAX_REPORTED_CYCLES = 20;

function reportCycle(context: CheckContext, members: string[], edge: RefEdge): void {
  const names = [...members, edge.to];
  const loop = (names.length > 9 ? [...names.slice(0, 4), '…', ...names.slice(-4)] : names).join(' → ');
  const message = `named conditions refer to each other in a loop (${loop}), so none can be evaluated`;
  report(context, 'REF_CYCLE', message, context.locate(edge.path));
}
