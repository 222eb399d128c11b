import { findDecidingLeaves, type ConditionTrace } from '../compile/condition-trace';
import type { RuleExplanation } from './explain-event';

/** `verify.score lt 0.3 (actual "0.5")`: one deciding condition, with the variable's actual value. */
export function describeCondition(trace: ConditionTrace): string {
  switch (trace.kind) {
    case 'leaf': {
      const actual = trace.actual === undefined ? 'missing' : `actual ${JSON.stringify(trace.actual)}`;
      return `${trace.var} ${trace.operator} ${JSON.stringify(trace.operand)} is ${trace.result} (${actual})`;
    }
    case 'changed': {
      const why = !trace.known
        ? 'no session history'
        : trace.result
          ? 'its variables differ from the previous event'
          : 'its variables are as at the previous event';
      return `changed ${JSON.stringify(trace.glob)} is ${trace.result} (${why})`;
    }
    default:
      return findDecidingLeaves(trace).map(describeCondition).join('; ');
  }
}

const REASONS: Record<RuleExplanation['reason'], string> = {
  fired: 'fired',
  on: 'not for this event (`on`)',
  when: "its ruleset's `when` does not hold",
  if: 'its `if` does not hold',
  once: 'a `once` rule that already fired in this session',
  stopped: 'an earlier rule of its ruleset fired with `stop`',
  disabled: 'disabled (`enabled: false`)',
};

/** One line per rule: whether it fired and what decided it. */
export function formatExplanation(explanation: readonly RuleExplanation[], indent = '  '): string {
  return explanation
    .map((e) => `${indent}${e.fired ? '✓' : '✗'} ${e.rule}: ${describeRuleOutcome(e)}\n`)
    .join('');
}

/** `its \`if\` does not hold: verify.score lt 0.3 is false (actual "0.5")`: one rule's line without its mark and id. */
export function describeRuleOutcome(explanation: RuleExplanation): string {
  const because = explanation.condition === undefined ? '' : `: ${describeCondition(explanation.condition)}`;
  return `${REASONS[explanation.reason]}${because}`;
}
