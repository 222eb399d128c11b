import type { DiagnosticCode, Severity } from './codes';
import type { Diagnostic, Range } from './diagnostic';
import { createLineIndex, type LineIndex } from './line-index';

/**
 * The machine form of a diagnostic. Positions are 1-based; the end is exclusive
 * (it points just past the last character, as in LSP and SARIF). All four are
 * null when the diagnostic has no range (a whole-file problem) or its text is unknown.
 */
export interface JsonDiagnostic {
  code: DiagnosticCode;
  severity: Severity;
  message: string;
  file: string;
  line: number | null;
  col: number | null;
  endLine: number | null;
  endCol: number | null;
  suggestion?: string;
  /** Another place the problem involves, positioned the same way. */
  related?: JsonRelatedLocation;
}

export interface JsonRelatedLocation {
  file: string;
  message: string;
  line: number | null;
  col: number | null;
  endLine: number | null;
  endCol: number | null;
}

export function toJsonDiagnostics(
  diagnostics: readonly Diagnostic[],
  sources: ReadonlyMap<string, string>,
): JsonDiagnostic[] {
  const indexes = new Map<string, LineIndex>();
  const locate = (file: string, range: Range | undefined): JsonPosition => {
    const text = sources.get(file);
    let index = indexes.get(file);
    if (!index && text !== undefined) indexes.set(file, (index = createLineIndex(text)));
    const start = range && index?.positionAt(range.start);
    const end = range && index?.positionAt(range.end);
    return {
      line: start ? start.line : null,
      col: start ? start.col : null,
      endLine: end ? end.line : null,
      endCol: end ? end.col : null,
    };
  };
  return diagnostics.map((d) => {
    const json: JsonDiagnostic = {
      code: d.code,
      severity: d.severity,
      message: d.message,
      file: d.file,
      ...locate(d.file, d.range),
    };
    if (d.suggestion !== undefined) json.suggestion = d.suggestion;
    if (d.related) {
      const { file, message, range } = d.related;
      json.related = { file, message, ...locate(file, range) };
    }
    return json;
  });
}

type JsonPosition = Pick<JsonDiagnostic, 'line' | 'col' | 'endLine' | 'endCol'>;

/** The JSON array text of `toJsonDiagnostics`. */
export function formatJson(diagnostics: readonly Diagnostic[], sources: ReadonlyMap<string, string>): string {
  return JSON.stringify(toJsonDiagnostics(diagnostics, sources), null, 2);
}
