import type { Diagnostic, Severity } from './diagnostic';
import { createLineIndex, type LineIndex } from './line-index';

/**
 * The machine form of a diagnostic. Positions are 1-based; the end is exclusive
 * (it points just past the last character, as in LSP and SARIF). All four are
 * null when the diagnostic has no range (a whole-file problem) or its text is unknown.
 */
export interface JsonDiagnostic {
  code: string;
  severity: Severity;
  message: string;
  file: string;
  line: number | null;
  col: number | null;
  endLine: number | null;
  endCol: number | null;
  suggestion?: string;
}

export function toJsonDiagnostics(
  diagnostics: readonly Diagnostic[],
  sources: ReadonlyMap<string, string>,
): JsonDiagnostic[] {
  const indexes = new Map<string, LineIndex>();
  return diagnostics.map((d) => {
    const text = sources.get(d.file);
    let index = indexes.get(d.file);
    if (!index && text !== undefined) indexes.set(d.file, (index = createLineIndex(text)));
    const start = d.range && index?.positionAt(d.range.start);
    const end = d.range && index?.positionAt(d.range.end);
    const json: JsonDiagnostic = {
      code: d.code,
      severity: d.severity,
      message: d.message,
      file: d.file,
      line: start ? start.line : null,
      col: start ? start.col : null,
      endLine: end ? end.line : null,
      endCol: end ? end.col : null,
    };
    if (d.suggestion !== undefined) json.suggestion = d.suggestion;
    return json;
  });
}

/** The JSON array text of `toJsonDiagnostics`. */
export function formatJson(diagnostics: readonly Diagnostic[], sources: ReadonlyMap<string, string>): string {
  return JSON.stringify(toJsonDiagnostics(diagnostics, sources), null, 2);
}
