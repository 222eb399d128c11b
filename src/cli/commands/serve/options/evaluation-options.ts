import { DEFAULT_EVALUATION_BUDGET_MS } from '../../../../processor/rule-processor';
import type { FailPolicy } from '../../../../hosts/fail-policy';
import { defineChoice, defineString, listChoices } from '../../../options/define-options';
import { parsePositiveInt } from '../../../options/parse-values';

const FAIL_POLICIES = ['open', 'closed'] as const satisfies readonly FailPolicy[];

/** The options of `rulehook serve` that bound one event's evaluation, and say what a failed one gets. */
export const EVALUATION_OPTIONS = {
  'eval-budget': defineString({
    value: 'MS',
    parse: parsePositiveInt,
    default: DEFAULT_EVALUATION_BUDGET_MS,
    help: 'longest the rules may take on one event; beyond it the fail policy answers',
  }),
  'fail-policy': defineChoice({
    value: 'POLICY',
    choices: FAIL_POLICIES,
    default: 'open',
    expected: `one of ${FAIL_POLICIES.join(', ')}`,
    help: [
      `${listChoices(FAIL_POLICIES)}: what an event whose evaluation fails or runs past`,
      'its budget gets: result_code 200 and no instruction, or result_code 500',
    ],
  }),
};
