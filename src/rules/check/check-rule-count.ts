import { RULE_LIMITS } from '../limits';
import { formatCount } from '../../terminal/format-count';
import { asArray, asRecord, report, type CheckContext } from './check-context';

/** A file holds at most the per-file number of rules; reported at the first rule past it. */
export function checkRuleCount(context: CheckContext): void {
  const rules = asArray(asRecord(context.root)?.rules);
  if (rules.length <= RULE_LIMITS.rulesPerFile) return;
  const message = `this file has ${formatCount(rules.length)} rules; a file may have at most ${formatCount(RULE_LIMITS.rulesPerFile)} (split it into several files)`;
  report(context, 'TOO_MANY_RULES', message, context.locate(['rules', RULE_LIMITS.rulesPerFile]));
}
