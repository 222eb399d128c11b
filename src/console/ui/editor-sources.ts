import type { CompletionContext, CompletionResult, CompletionSource } from '@codemirror/autocomplete';
import type { Diagnostic as EditorDiagnostic, LintSource } from '@codemirror/lint';
import type { Text } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';
import type { Diagnostic } from './types';

/** Checks the pack with `text` as the file's text; the diagnostics of every file (the page lists them all). */
export type CheckFile = (file: string, text: string) => Promise<Diagnostic[] | undefined>;

export interface CompletionItem {
  label: string;
  kind?: string;
  detail?: string;
  /** The text the language server would put in place of the word, when it is not the label. */
  insert?: string;
}

export type CompleteAt = (
  file: string,
  text: string,
  line: number,
  column: number,
) => Promise<CompletionItem[]>;

/** A 1-based line and column as an offset of `doc`, kept inside it whatever the diagnostic says. */
export function toOffset(doc: Text, line: number | null, col: number | null): number {
  if (line === null) return 0;
  const at = doc.line(Math.min(Math.max(line, 1), doc.lines));
  return Math.min(at.from + Math.max((col ?? 1) - 1, 0), at.to);
}

/** Whether a diagnostic's `file` (relative to the pack, or to where the server runs) names `path`. */
export function isDiagnosticOf(diagnostic: Diagnostic, path: string): boolean {
  const file = diagnostic.file.replace(/\\/g, '/');
  return file === path || file.endsWith(`/${path}`);
}

export function createLintSource(getPath: () => string, check: CheckFile): LintSource {
  return async (view: EditorView): Promise<readonly EditorDiagnostic[]> => {
    const path = getPath();
    const doc = view.state.doc;
    const diagnostics = await check(path, doc.toString());
    return (diagnostics ?? [])
      .filter((d) => isDiagnosticOf(d, path))
      .map((d) => {
        const from = toOffset(doc, d.line, d.col);
        const to = Math.max(from, d.endLine === null ? from : toOffset(doc, d.endLine, d.endCol));
        const hint = d.suggestion === undefined ? '' : ` (did you mean '${d.suggestion}'?)`;
        return { from, to, severity: d.severity, source: d.code, message: `${d.message}${hint}` };
      });
  };
}

// What a completion replaces: the text back to the last space or YAML punctuation.
const WORD = /[^\s:,[\]{}"'#]*/;

// The language server's trigger characters that end a word (`rulehook lsp` declares ' ', '[', ',', '{',
// '$', '/'; the last two are part of a word): typed, they open completion with no word yet, as after
// `on: [` or `on: [A, `. The server answers nothing where it has nothing to offer (a comment, a text).
const TRIGGERS = new Set([' ', '[', ',', '{']);

/** The LSP's completion items, as the server computes them for the position of the cursor. */
export function createCompletionSource(getPath: () => string, complete: CompleteAt): CompletionSource {
  return async (context: CompletionContext): Promise<CompletionResult | null> => {
    const word = context.matchBefore(WORD);
    if (word === null) return null;
    const typed = context.state.sliceDoc(word.from - 1, word.from);
    if (word.from === word.to && !context.explicit && !TRIGGERS.has(typed)) return null;
    const line = context.state.doc.lineAt(context.pos);
    const items = await complete(
      getPath(),
      context.state.doc.toString(),
      line.number,
      context.pos - line.from + 1,
    );
    if (context.aborted || items.length === 0) return null;
    return {
      from: word.from,
      options: items.map((item) => ({
        label: item.label,
        detail: item.detail,
        type: item.kind,
        apply: item.insert,
      })),
      validFor: /^[^\s:,[\]{}"'#]*$/,
    };
  };
}
