import type { PlainRecord } from '../check-context';
import { hasOwn } from '../check-context';
import { walkCondition } from '../walk';

/**
 * The names of the named conditions, each after those it refers to, so that
 * each can be checked once, knowing its own refs' verdicts. An explicit stack:
 * a file can chain thousands of refs. A loop (REF_CYCLE) is cut where it closes.
 */
export function orderNamedConditions(named: PlainRecord): string[] {
  const order: string[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  for (const start of Object.keys(named)) {
    if (placed.has(start)) continue;
    const stack = [{ name: start, refs: refsOf(named, start), next: 0 }];
    visiting.add(start);
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const ref = top.refs[top.next++];
      if (ref === undefined) {
        stack.pop();
        visiting.delete(top.name);
        placed.add(top.name);
        order.push(top.name);
      } else if (!placed.has(ref) && !visiting.has(ref)) {
        visiting.add(ref);
        stack.push({ name: ref, refs: refsOf(named, ref), next: 0 });
      }
    }
  }
  return order;
}

function refsOf(named: PlainRecord, name: string): string[] {
  const refs: string[] = [];
  walkCondition(named[name], [], (condition) => {
    if (typeof condition.ref === 'string' && hasOwn(named, condition.ref)) refs.push(condition.ref);
  });
  return refs;
}
