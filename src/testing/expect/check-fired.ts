import type { SpecPath } from '../../rules/spec';
import type { SimulatedEvent } from '../../simulation/simulated-event';
import type { RulesUnderTest } from '../rules/rules-under-test';
import { listItems } from '../scenario/check-scenario';
import type { ExpectationSpec } from '../scenario/scenario-spec';
import { compare, type Mismatch } from './compare';
import { describeOrder, explainRules } from './explain-rules';
import { compileMatcher } from './matcher';

export interface PartCheck {
  mismatches: Mismatch[];
  notes: string[];
}

interface Where {
  at: string;
  source: SpecPath | undefined;
  rules: RulesUnderTest;
}

/**
 * `fired` and `not_fired`. When an expected rule did not fire, or an unexpected
 * one did, the notes say why (the deciding condition and the variable's actual
 * value); when only the order differs, they give each rule's priority.
 */
export function checkFired(result: SimulatedEvent, expectation: ExpectationSpec, where: Where): PartCheck {
  const actual = [...(result.fired ?? [])];
  const path = `${where.at}.fired`;
  const mismatches: Mismatch[] = [];
  const toExplain = new Set<string>();
  let orderOnly = false;
  if (expectation.fired !== undefined) {
    const matcher = compileMatcher(expectation.fired, where.source ? [...where.source, 'fired'] : undefined);
    const found = compare(matcher, actual, path);
    if (found.length > 0) {
      // one difference for the whole list reads better than one per position
      mismatches.push({ path, source: matcher.source, expected: expectation.fired, actual });
      const expected = listItems(expectation.fired).filter((id): id is string => typeof id === 'string');
      const missing = expected.filter((id) => !actual.includes(id));
      const unexpected =
        matcher.kind === 'list' && matcher.mode === 'exact'
          ? actual.filter((id) => !expected.includes(id))
          : [];
      [...missing, ...unexpected].forEach((id) => toExplain.add(id));
      orderOnly = missing.length === 0 && unexpected.length === 0;
    }
  }
  (expectation.not_fired ?? []).forEach((id, i) => {
    if (!actual.includes(id)) return;
    mismatches.push({
      path,
      source: where.source ? [...where.source, 'not_fired', i] : undefined,
      expected: { not_fired: [id] },
      actual,
      message: `'${id}' fired, but is expected not to`,
    });
    toExplain.add(id);
  });
  const notes = explainRules(result, [...toExplain], where.rules);
  if (orderOnly) notes.push(`the rules fire in this order: ${describeOrder(actual, where.rules)}`);
  return { mismatches, notes };
}
