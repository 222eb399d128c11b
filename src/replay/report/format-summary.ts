import type { ReplayStats } from '../stats/replay-stats';
import { FIRED_NOT_EXPOSED } from '../lanes/target-client';
import type { TargetReport } from '../lanes/target-webhook';
import { formatCount } from '../../terminal/format-count';

/** Why a replay stopped raising events: the recordings ended, `--duration` passed, or it was interrupted. */
export type ReplayEnd = 'end' | 'duration' | 'aborted';

export interface SummaryInput {
  stats: ReplayStats;
  files: number;
  /** Every enabled rule (`ruleset/rule`), for "never fired"; undefined when the rules are not known. */
  rules?: readonly string[];
  target?: TargetReport;
  elapsedMs: number;
  end: ReplayEnd;
  /** Sessions that came back after `--max-sessions` made them forgotten. */
  forgottenReturned?: number;
}

/** The warning printed when sessions were forgotten too early, or '' when none were. */
export function formatForgottenWarning(returned: number | undefined): string {
  if (returned === undefined || returned === 0) return '';
  return `  warning      ${formatCount(returned)} sessions came back after being forgotten (more calls in progress than --max-sessions?): their later events were replayed as new sessions; raise --max-sessions\n`;
}

const plural = (n: number, word: string): string => `${formatCount(n)} ${word}${n === 1 ? '' : 's'}`;
const percent = (part: number, whole: number): string =>
  whole === 0 ? '0%' : `${((part / whole) * 100).toFixed(1)}%`;
const counts = (map: ReadonlyMap<string, number>): string =>
  [...map]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([k, n]) => `${k} ${formatCount(n)}`)
    .join(', ');

/** The summary people read after a replay: events, sessions, sent, filtered, operations, rules, target. */
export function formatSummary(input: SummaryInput): string {
  const { stats } = input;
  const row = (label: string, text: string) => `  ${label.padEnd(12)} ${text}\n`;
  let out = '\nSummary\n';
  const bad = stats.badLines === 0 ? '' : ` (${plural(stats.badLines, 'bad line')} skipped)`;
  out += row('events', `${formatCount(stats.events)} from ${plural(input.files, 'file')}${bad}`);
  out += row('sessions', formatCount(stats.sessions));
  out += row('sent', `${formatCount(stats.sent)} (${percent(stats.sent, stats.events)})`);
  const reasons = Object.entries(stats.filtered).filter(([, n]) => n > 0);
  out += row(
    'filtered',
    `${formatCount(stats.filteredTotal)}${reasons.length === 0 ? '' : `: ${counts(new Map(reasons))}`}`,
  );
  out += formatListenedFiltered(stats, row);
  const operations = [...stats.operations.values()].reduce((a, b) => a + b, 0);
  out += row(
    'operations',
    `${formatCount(operations)}${operations === 0 ? '' : `: ${counts(stats.operations)}`}`,
  );
  out += row('set', plural(stats.variablesSet, 'variable'));
  out += row(
    'overrides',
    `disable ${plural(stats.nodesDisabled, 'node')}, enable ${plural(stats.nodesEnabled, 'node')}`,
  );
  out += row('filters', `${plural(stats.filtersSet, 'response')} set a filter`);
  if (stats.errorResponses > 0)
    out += row('result_code', `${formatCount(stats.errorResponses)} responses not 200`);
  out += formatRules(input);
  if (input.target !== undefined) out += formatTarget(input.target, row);
  const seconds = input.elapsedMs / 1000;
  const rate = seconds > 0 ? `, ${formatCount(Math.round(stats.events / seconds))} events/s` : '';
  const why =
    input.end === 'duration' ? ' (stopped by --duration)' : input.end === 'aborted' ? ' (interrupted)' : '';
  out += row('time', `${seconds.toFixed(1)} s${rate}${why}`);
  return out + formatForgottenWarning(input.forgottenReturned);
}

function formatRules({ stats, rules, target }: SummaryInput): string {
  if (target !== undefined && !target.reportsFired)
    return '  rules fired  unknown: the target does not say which rules fired\n';
  const answered = target === undefined ? 0 : target.requests - target.failures;
  if (target !== undefined && target.firedHidden > 0 && target.firedHidden === answered)
    return `  rules fired  unknown: ${FIRED_NOT_EXPOSED}\n`;
  const fired = [...stats.fired].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  let out = fired.length === 0 ? '  rules fired  none\n' : '  rules fired  (times)\n';
  const width = Math.max(0, ...fired.map(([rule]) => rule.length));
  for (const [rule, n] of fired) out += `    ${rule.padEnd(width)}  ${formatCount(n)}\n`;
  if (target !== undefined && target.firedHidden > 0)
    out += `  warning      ${plural(target.firedHidden, 'answer')} did not say which rules fired: ${FIRED_NOT_EXPOSED}\n`;
  if (rules !== undefined) {
    const never = stats.neverFired(rules);
    out += never.length === 0 ? '  never fired  none\n' : '  never fired\n';
    for (const rule of never) out += `    ${rule}\n`;
  }
  return out;
}

/** The filtered events rules wait for, and by rule; nothing when the filter stopped none (or the rules are not known). */
function formatListenedFiltered(stats: ReplayStats, row: (label: string, text: string) => string): string {
  if (stats.filteredListened === 0) return '';
  const rules = [...stats.listenedFiltered].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const width = Math.max(0, ...rules.map(([rule]) => rule.length));
  let out = row('rules missed', `${plural(stats.filteredListened, 'filtered event')} they wait for (on:)`);
  for (const [rule, n] of rules) out += `    ${rule.padEnd(width)}  ${formatCount(n)}\n`;
  return out;
}

function formatTarget(target: TargetReport, row: (label: string, text: string) => string): string {
  const kind = target.reportsFired ? 'rulehook serve' : 'does not report fired rules';
  let out = row(
    'target',
    `${target.url} (${kind}): ${plural(target.requests, 'request')}, ${formatCount(target.failures)} failed`,
  );
  const l = target.latency;
  if (l.count > 0) {
    const ms = (v: number) => `${v < 10 ? v.toFixed(2) : v.toFixed(1)} ms`;
    const ps = [50, 90, 99, 99.9].map((p) => `p${p} ${ms(l.percentile(p))}`).join(', ');
    out += row('latency', `${ps}, max ${ms(l.max)} (mean ${ms(l.mean)})`);
  }
  const errors = [...target.errors].sort((a, b) => b[1] - a[1]).slice(0, 10);
  for (const [message, n] of errors) out += row('error', `${formatCount(n)} × ${message}`);
  return out;
}
