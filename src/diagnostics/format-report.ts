import type { Diagnostic } from './diagnostic';
import { formatHuman } from './format-human';
import { toJsonDiagnostics } from './format-json';

export type ReportFormat = 'human' | 'json';

export interface ReportOptions {
  format: ReportFormat;
  /** Human format only. */
  color: boolean;
}

export interface ReportSummary {
  errors: number;
  warnings: number;
  /** Files read (rule files and catalog): the keys of `sources`. */
  files: number;
}

export function summarizeDiagnostics(
  diagnostics: readonly Diagnostic[],
  sources: ReadonlyMap<string, string>,
): ReportSummary {
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  return { errors, warnings: diagnostics.length - errors, files: sources.size };
}

/** `2 errors, 1 warning in 3 files` */
export function formatSummaryLine(summary: ReportSummary): string {
  const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;
  return `${count(summary.errors, 'error')}, ${count(summary.warnings, 'warning')} in ${count(summary.files, 'file')}`;
}

/**
 * The whole report of a load, as `rulehook validate` prints it and `rulehook serve`
 * prints it when it refuses to start: human blocks then a summary line, or one JSON
 * object `{ diagnostics, summary }`. Always ends with a newline.
 */
export function formatDiagnostics(
  diagnostics: readonly Diagnostic[],
  sources: ReadonlyMap<string, string>,
  options: ReportOptions,
): string {
  const summary = summarizeDiagnostics(diagnostics, sources);
  if (options.format === 'json') {
    return `${JSON.stringify({ diagnostics: toJsonDiagnostics(diagnostics, sources), summary }, null, 2)}\n`;
  }
  return `${formatHuman(diagnostics, sources, { color: options.color })}${formatSummaryLine(summary)}\n`;
}
