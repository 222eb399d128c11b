import {
  DiagnosticSeverity,
  type Diagnostic as LspDiagnostic,
  type Range as LspRange,
} from 'vscode-languageserver';
import { URI } from 'vscode-uri';
import type { Diagnostic, Range } from '../../diagnostics/diagnostic';
import type { LineIndex } from '../../diagnostics/line-index';

/** What a published diagnostic carries for its quick fix (`data`). */
export interface DiagnosticData {
  suggestion: string;
}

/** The source every published diagnostic names, so users can tell them from the YAML extension's. */
export const DIAGNOSTIC_SOURCE = 'rulehook';

/** An LSP range (0-based lines, UTF-16 columns: the same units as ours). */
export function toLspRange(range: Range | undefined, lines: LineIndex): LspRange {
  const start = lines.positionAt(range?.start ?? 0);
  const end = lines.positionAt(range?.end ?? 0);
  return {
    start: { line: start.line - 1, character: start.col - 1 },
    end: { line: end.line - 1, character: end.col - 1 },
  };
}

/**
 * A diagnostic as an editor shows it: the message as `validate` prints it,
 * did-you-mean included; a second place as related information; the suggestion
 * kept in `data` for the quick fix. A whole-file problem sits at the file's start.
 */
export function toLspDiagnostic(
  diagnostic: Diagnostic,
  lines: LineIndex,
  locate: (file: string) => { uri: string; lines: LineIndex } | undefined,
): LspDiagnostic {
  const { suggestion, related } = diagnostic;
  const out: LspDiagnostic = {
    range: toLspRange(diagnostic.range, lines),
    severity: diagnostic.severity === 'error' ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning,
    code: diagnostic.code,
    source: DIAGNOSTIC_SOURCE,
    message:
      suggestion === undefined ? diagnostic.message : `${diagnostic.message}; did you mean '${suggestion}'?`,
  };
  if (suggestion !== undefined) out.data = { suggestion } satisfies DiagnosticData;
  const place = related && locate(related.file);
  if (related && place)
    out.relatedInformation = [
      {
        location: { uri: place.uri, range: toLspRange(related.range, place.lines) },
        message: related.message,
      },
    ];
  return out;
}

export function toUri(absolute: string): string {
  return URI.file(absolute).toString();
}

export function fromUri(uri: string): string | undefined {
  const parsed = URI.parse(uri);
  return parsed.scheme === 'file' ? parsed.fsPath : undefined;
}
