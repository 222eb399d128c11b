/**
 * Why a condition held or not for one event: the data behind `--explain` and
 * the rule-test failure messages. Built only when explaining, never on the hot path.
 */
export type ConditionTrace =
  | {
      kind: 'leaf';
      result: boolean;
      var: string;
      operator: string;
      operand: unknown;
      /** The variable's value in the event; undefined when missing. */
      actual: string | undefined;
    }
  | {
      kind: 'changed';
      result: boolean;
      glob: string;
      /** Whether the session's history was known (false: no fingerprint to compare with). */
      known: boolean;
    }
  | { kind: 'all' | 'any'; result: boolean; children: ConditionTrace[] }
  | { kind: 'not'; result: boolean; child: ConditionTrace }
  | { kind: 'ref'; result: boolean; name: string; child: ConditionTrace };

/** The leaves that decided `trace`'s result (first failing leaf of an `all`, every leaf of a failed `any`, ...). */
export function findDecidingLeaves(trace: ConditionTrace): ConditionTrace[] {
  switch (trace.kind) {
    case 'leaf':
    case 'changed':
      return [trace];
    case 'not':
    case 'ref':
      return findDecidingLeaves(trace.child);
    case 'all': {
      if (!trace.result) {
        const failed = trace.children.find((c) => !c.result);
        return failed ? findDecidingLeaves(failed) : [];
      }
      return trace.children.flatMap(findDecidingLeaves);
    }
    case 'any': {
      if (trace.result) {
        const held = trace.children.find((c) => c.result);
        return held ? findDecidingLeaves(held) : [];
      }
      return trace.children.flatMap(findDecidingLeaves);
    }
  }
}
