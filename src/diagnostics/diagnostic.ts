import type { DiagnosticCode, Severity } from './codes';

/** Half-open range of UTF-16 code-unit offsets into the file's text. */
export interface Range {
  start: number;
  end: number;
}

/**
 * A problem found in user input (rule files, catalogs, scenario files, recordings).
 * Diagnostics are data: stages collect them and never throw for user mistakes.
 * Positions are kept as offsets; line and column are computed only when printing.
 */
export interface Diagnostic {
  /** A code of the registry (codes.ts), documented in docs/diagnostics.md. */
  code: DiagnosticCode;
  severity: Severity;
  message: string;
  /** Path of the file as the user named it (relative paths stay relative). */
  file: string;
  /** Absent when the problem concerns the whole file (for example, it cannot be read). */
  range?: Range;
  /** A "did you mean" candidate, printed after the message. */
  suggestion?: string;
  /** Another place the problem involves (where a repeated id was first defined), printed after the first. */
  related?: RelatedLocation;
}

/** A second place of a diagnostic, with what it is (`first defined here`). */
export interface RelatedLocation {
  file: string;
  range: Range;
  message: string;
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}
