import type { ReportedFailure, ReportedMismatch } from '../run/test-report';
import { renderDiff } from './render-diff';

/**
 * One failing event, for people:
 *
 *     event 3 (OPT_IN_RECEIVED)
 *       events[2].response.session_variable_updates[0].value
 *         at examples/x/x.test.yaml:25:32
 *         expected: "ENROLL_REQUESTED"
 *         actual:   "WAITING_FOR_CONSENT"
 *       why:
 *         ✗ enrollment/enroll: its `if` does not hold: audio.netSeconds gte 12 is false (actual "8")
 */
export function formatFailure(failure: ReportedFailure, indent = ''): string {
  const lines = [`${indent}event ${failure.index + 1} (${failure.event})`];
  for (const mismatch of failure.mismatches) lines.push(...formatMismatch(mismatch, `${indent}  `));
  if (failure.notes.length > 0)
    lines.push(`${indent}  why:`, ...failure.notes.map((note) => `${indent}    ${note}`));
  return `${lines.join('\n')}\n`;
}

export function formatMismatch(mismatch: ReportedMismatch, indent: string): string[] {
  const lines = [`${indent}${mismatch.path}${mismatch.message ? `: ${mismatch.message}` : ''}`];
  if (mismatch.location !== undefined) lines.push(`${indent}  at ${mismatch.location}`);
  for (const line of renderDiff(mismatch.expected, mismatch.actual)) lines.push(`${indent}  ${line}`);
  return lines;
}
