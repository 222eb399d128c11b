import { ABSENT } from '../expect/compare';

/** A value as JSON, on one line when short; `(absent)` for a key or value that is not there. */
export function renderValue(value: unknown, multiline = false): string {
  if (value === ABSENT) return '(absent)';
  if (value === undefined) return '(absent)';
  return multiline ? JSON.stringify(value, null, 2) : JSON.stringify(value);
}

const SHORT = 70;

/**
 * The difference between an expected and an actual value, for people:
 *
 *     expected: "ENROLL_REQUESTED"
 *     actual:   "WAITING_FOR_CONSENT"
 *
 * or, for values too long for one line, a line diff of their JSON (`-` expected, `+` actual).
 */
export function renderDiff(expected: unknown, actual: unknown): string[] {
  const oneLine = [renderValue(expected), renderValue(actual)];
  if (oneLine.every((text) => text.length <= SHORT))
    return [`expected: ${oneLine[0]}`, `actual:   ${oneLine[1]}`];
  const lines = diffLines(renderValue(expected, true).split('\n'), renderValue(actual, true).split('\n'));
  return ['- expected', '+ actual', ...lines];
}

/** A line diff by longest common subsequence: `  ` same, `- ` expected only, `+ ` actual only. */
export function diffLines(expected: readonly string[], actual: readonly string[]): string[] {
  const n = expected.length;
  const m = actual.length;
  const common: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      common[i]![j] =
        expected[i] === actual[j]
          ? common[i + 1]![j + 1]! + 1
          : Math.max(common[i + 1]![j]!, common[i]![j + 1]!);
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && expected[i] === actual[j]) {
      out.push(`  ${expected[i++]}`);
      j++;
    } else if (i < n && (j === m || common[i + 1]![j]! >= common[i]![j + 1]!)) out.push(`- ${expected[i++]}`);
    else out.push(`+ ${actual[j++]}`);
  }
  return out;
}
