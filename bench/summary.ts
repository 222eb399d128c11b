import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import type { ResultRow } from './suite';
import { formatRatio, printTable } from './table';

/** What `bench/results/latest.json` holds: the summary table and where it was measured. */
export interface BenchResults {
  date: string;
  node: string;
  machine: { cpuModel: string; cores: number; platform: string; arch: string };
  /** The 1-minute load average when the run started and when it ended: other work on the machine. */
  loadAverage: { start: number; end: number };
  quick: boolean;
  suites: string[];
  seconds: number;
  /** Ratios are baseline time ÷ subject time: above 1 the subject is cheaper. */
  rows: (ResultRow & { suite: string })[];
}

export function describeMachine(): Pick<BenchResults, 'node' | 'machine'> {
  const cpu = cpus();
  return {
    node: process.version,
    machine: {
      cpuModel: cpu[0]?.model.trim() ?? 'unknown',
      cores: cpu.length,
      platform: process.platform,
      arch: process.arch,
    },
  };
}

export function readLoadAverage(): number {
  return loadavg()[0] ?? 0;
}

function formatMet(row: ResultRow): string {
  if (row.met === undefined) return '';
  return row.met ? 'yes' : 'NO';
}

/** The one table every run ends with. */
export function printSummary(results: BenchResults): void {
  const { machine } = results;
  printTable(
    [
      `SUMMARY${results.quick ? ' (--quick: a smoke run, timings mean nothing)' : ''}`,
      `  ${machine.cpuModel}, ${machine.cores} cores, node ${results.node}, ${results.date}; load average ${results.loadAverage.start.toFixed(1)} at start, ${results.loadAverage.end.toFixed(1)} at end`,
      '  ratio = baseline time ÷ subject time, paired round by round (median, quartiles): above 1 the subject is cheaper',
    ].join('\n'),
    ['path', 'subject', 'baseline', 'ratio', 'figures (subject vs baseline)', 'goal', 'met'],
    results.rows.map((row) => [
      row.path,
      row.subject,
      row.baseline,
      row.ratio === undefined ? '' : formatRatio(row.ratio),
      row.figures ?? '',
      row.goal ?? '',
      formatMet(row),
    ]),
    3,
  );
}

export function writeResults(file: string, results: BenchResults): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
}
