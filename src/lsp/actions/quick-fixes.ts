import { CodeActionKind, type CodeAction, type Diagnostic, type TextEdit } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { replaceScalar } from '../complete/completion-items';
import { DIAGNOSTIC_SOURCE, type DiagnosticData } from '../diagnostics/to-lsp-diagnostic';

/** Codes whose suggestion is YAML as it is to be written over the range (`note: "a, b"`), not a name. */
const WRITTEN_AS_IS: readonly string[] = ['UNQUOTED_COMMA'];

/**
 * The did-you-mean of each rulehook diagnostic as a one-click edit. A name in
 * quotes keeps its quotes; a value of the wrong type (`"yes"` where `true` is
 * meant) is replaced whole, quotes included, since the quotes are the mistake;
 * a suggestion that is already YAML is written as it is.
 */
export function createQuickFixes(document: TextDocument, diagnostics: readonly Diagnostic[]): CodeAction[] {
  return diagnostics.flatMap((diagnostic) => {
    const suggestion = (diagnostic.data as Partial<DiagnosticData> | undefined)?.suggestion;
    if (diagnostic.source !== DIAGNOSTIC_SOURCE || typeof suggestion !== 'string') return [];
    const from = document.offsetAt(diagnostic.range.start);
    const to = document.offsetAt(diagnostic.range.end);
    const { start, end, newText } = WRITTEN_AS_IS.includes(String(diagnostic.code))
      ? { start: from, end: to, newText: suggestion }
      : replaceScalar(document.getText(), from, to, suggestion, diagnostic.code !== 'INVALID_TYPE');
    const edit: TextEdit = {
      range: { start: document.positionAt(start), end: document.positionAt(end) },
      newText,
    };
    return [
      {
        title: `Change to '${suggestion}'`,
        kind: CodeActionKind.QuickFix,
        diagnostics: [diagnostic],
        isPreferred: true,
        edit: { changes: { [document.uri]: [edit] } },
      },
    ];
  });
}
