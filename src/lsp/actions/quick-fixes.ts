import { CodeActionKind, type CodeAction, type Diagnostic, type TextEdit } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { replaceScalar } from '../complete/completion-items';
import { DIAGNOSTIC_SOURCE, type DiagnosticData } from '../diagnostics/to-lsp-diagnostic';

/**
 * The did-you-mean of each rulehook diagnostic as a one-click edit. A name in
 * quotes keeps its quotes; a value of the wrong type (`"yes"` where `true` is
 * meant) is replaced whole, quotes included, since the quotes are the mistake.
 */
export function createQuickFixes(document: TextDocument, diagnostics: readonly Diagnostic[]): CodeAction[] {
  return diagnostics.flatMap((diagnostic) => {
    const suggestion = (diagnostic.data as Partial<DiagnosticData> | undefined)?.suggestion;
    if (diagnostic.source !== DIAGNOSTIC_SOURCE || typeof suggestion !== 'string') return [];
    const { start, end, newText } = replaceScalar(
      document.getText(),
      document.offsetAt(diagnostic.range.start),
      document.offsetAt(diagnostic.range.end),
      suggestion,
      diagnostic.code !== 'INVALID_TYPE',
    );
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
