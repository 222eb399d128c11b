import type { Location, Position, Range, TextEdit, WorkspaceEdit } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { quoteIfNeeded } from '../complete/completion-items';
import { findCursorContext } from '../complete/find-cursor-context';
import { findNamedAt, findNameUses, type NamedThing } from '../definition/find-name-uses';
import type { LanguageWorkspace } from '../workspace/language-workspace';

const QUOTED = /^(["']).*\1$/s;

/** The named condition or list under the cursor of a rule file, with the word's range. */
function readNamed(
  workspace: LanguageWorkspace,
  absolute: string,
  document: TextDocument,
  position: Position,
) {
  const text = document.getText();
  if (workspace.kindOf(absolute, text) !== 'rules') return undefined;
  const context = findCursorContext(text, document.offsetAt(position));
  const word = text.slice(context.start, context.end);
  const thing = findNamedAt(word, context);
  const range = { start: document.positionAt(context.start), end: document.positionAt(context.end) };
  return thing && { thing, range, file: workspace.shownPath(absolute) };
}

/** The ranges of a name's uses, inside the quotes of a quoted one (what a rename replaces), and which were quoted. */
function usesOf(
  document: TextDocument,
  file: string,
  thing: NamedThing,
): { range: Range; quoted: boolean }[] {
  return findNameUses(file, document.getText(), thing).map(({ start, end }) => {
    const quoted = QUOTED.test(document.getText().slice(start, end));
    const range = {
      start: document.positionAt(quoted ? start + 1 : start),
      end: document.positionAt(quoted ? end - 1 : end),
    };
    return { range, quoted };
  });
}

/** Where a rename may happen: the name under the cursor, when it names a condition or list. */
export function prepareRenameAt(
  workspace: LanguageWorkspace,
  absolute: string,
  document: TextDocument,
  position: Position,
): Range | null {
  return readNamed(workspace, absolute, document, position)?.range ?? null;
}

/** The definition and every use of the named condition or list under the cursor. */
export function findReferencesAt(
  workspace: LanguageWorkspace,
  absolute: string,
  document: TextDocument,
  position: Position,
): Location[] {
  const named = readNamed(workspace, absolute, document, position);
  if (named === undefined) return [];
  return usesOf(document, named.file, named.thing).map(({ range }) => ({ uri: document.uri, range }));
}

/** Renames a named condition or list: its key and every `ref` / `list` naming it, in one edit. */
export function renameAt(
  workspace: LanguageWorkspace,
  absolute: string,
  document: TextDocument,
  position: Position,
  newName: string,
): WorkspaceEdit | null {
  const named = readNamed(workspace, absolute, document, position);
  if (named === undefined || newName.trim() === '') return null;
  const edits: TextEdit[] = usesOf(document, named.file, named.thing).map(({ range, quoted }) => ({
    range,
    newText: quoted ? newName : quoteIfNeeded(newName),
  }));
  return { changes: { [document.uri]: edits } };
}
