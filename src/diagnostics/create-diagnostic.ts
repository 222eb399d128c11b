import { getCodeInfo, type DiagnosticCode, type Severity } from './codes';
import type { Diagnostic, Range, RelatedLocation } from './diagnostic';

export interface DiagnosticDetails {
  range?: Range | undefined;
  suggestion?: string | undefined;
  related?: RelatedLocation | undefined;
  /** Overrides the code's default severity; rarely needed. */
  severity?: Severity;
}

/** Builds a diagnostic with its registered default severity; absent details stay absent keys. */
export function createDiagnostic(
  code: DiagnosticCode,
  file: string,
  message: string,
  details: DiagnosticDetails = {},
): Diagnostic {
  const diagnostic: Diagnostic = {
    code,
    severity: details.severity ?? getCodeInfo(code).severity,
    message,
    file,
  };
  if (details.range) diagnostic.range = details.range;
  if (details.suggestion !== undefined) diagnostic.suggestion = details.suggestion;
  if (details.related) diagnostic.related = details.related;
  return diagnostic;
}

/**
 * Orders diagnostics by file (in the given order; files not listed, such as a
 * missing path, come first), then by position, rangeless first. Stable.
 */
export function sortDiagnostics(
  diagnostics: readonly Diagnostic[],
  fileOrder: readonly string[],
): Diagnostic[] {
  const rank = new Map(fileOrder.map((file, index) => [file, index]));
  const fileRank = (d: Diagnostic): number => rank.get(d.file) ?? -1;
  return [...diagnostics].sort(
    (a, b) => fileRank(a) - fileRank(b) || (a.range?.start ?? -1) - (b.range?.start ?? -1),
  );
}

/** Drops exact repeats (same file, code, range and message), keeping the first. */
export function dedupeDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return diagnostics.filter((d) => {
    const key = [d.file, d.code, d.range?.start, d.range?.end, d.message].join('\u0000');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
