import type { Metrics } from '../observability/metrics';
import type { ReloadReport, ReloadTrigger } from './rule-reloader';

const RESULTS = ['reloaded', 'unchanged', 'refused'] as const satisfies readonly ReloadReport['result'][];

/**
 * Counts the reloads a process runs, by result: `rulehook_rule_reloads_total{result}`. Under
 * `--workers` only the primary reloads, and its count is added to the workers' sum at `/metrics`.
 * Returns the `onReport` hook of a `RuleReloader`.
 */
export function countReloads(metrics: Metrics): (report: ReloadReport, trigger: ReloadTrigger) => void {
  const counter = metrics.labeledCounter(
    'rulehook_rule_reloads_total',
    'Rule reloads (file change, SIGHUP, POST /admin/reload) by result: reloaded, unchanged, refused (errors; the last good rule set kept).',
    ['result'],
  );
  const byResult = new Map(RESULTS.map((result) => [result, counter.labels(result)]));
  return (report) => byResult.get(report.result)?.inc();
}
