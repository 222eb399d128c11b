import { createDiagnostic } from '../../diagnostics/create-diagnostic';
import type { Diagnostic } from '../../diagnostics/diagnostic';
import { RULE_LIMITS } from '../limits';
import { formatCount } from '../../terminal/format-count';
import { getOperandKind } from '../operators';
import { measureRegexSize } from '../regex-size';
import type { SpecPath } from '../spec';
import { asArray, asRecord } from './check-context';
import type { RulesetFile } from './check-duplicate-rulesets';
import { walkAllConditions } from './walk';

/**
 * The limits on all loaded files together: the number of rules, and the total
 * size of the `regex` operands (each is compiled at load time, and holds memory
 * in proportion to its size). Reported once each, where the total passes the
 * limit, in load order.
 */
export function checkLoadTotals(files: readonly RulesetFile[]): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  let rules = 0;
  let regexSize = 0;
  for (const entry of files) {
    const count = asArray(asRecord(entry.root)?.rules).length;
    if (rules <= RULE_LIMITS.rulesTotal && rules + count > RULE_LIMITS.rulesTotal) {
      const message = `with this file, the loaded files hold ${formatCount(rules + count)} rules or more; at most ${formatCount(RULE_LIMITS.rulesTotal)} are allowed in all`;
      const range = entry.locate(['rules', RULE_LIMITS.rulesTotal - rules]);
      diagnostics.push(createDiagnostic('TOO_MANY_RULES', entry.file, message, { range }));
    }
    rules += count;
    if (regexSize > RULE_LIMITS.regexTotalSize) continue;
    forEachRegex(entry.root, (pattern, path) => {
      const before = regexSize;
      regexSize += measureRegexSize(pattern);
      if (before > RULE_LIMITS.regexTotalSize || regexSize <= RULE_LIMITS.regexTotalSize) return;
      const message = `with this regular expression, the loaded files' regex operands add up to size ${formatCount(regexSize)}; at most ${formatCount(RULE_LIMITS.regexTotalSize)} is allowed in all (use 'in' or 'matches' where a list or a glob will do)`;
      diagnostics.push(
        createDiagnostic('REGEX_TOO_LARGE', entry.file, message, { range: entry.locate(path) }),
      );
    });
  }
  return diagnostics;
}

function forEachRegex(root: unknown, visit: (pattern: string, path: SpecPath) => void): void {
  walkAllConditions(root, (condition, path) => {
    for (const [key, operand] of Object.entries(condition)) {
      if (getOperandKind(key) === 'regex' && typeof operand === 'string') visit(operand, [...path, key]);
    }
  });
}
