import type { Location, Position, Range, TextEdit, WorkspaceEdit } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { replaceScalar } from '../complete/completion-items';
import { findCursorContext } from '../complete/find-cursor-context';
import { findNamedAt, findNameUses, type NamedThing } from '../definition/find-name-uses';
import type { LanguageWorkspace } from '../workspace/language-workspace';

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

/** The edits that write `name` over every use of a named thing (inside the quotes of a quoted use). */
function editUses(document: TextDocument, file: string, thing: NamedThing, name: string): TextEdit[] {
  const text = document.getText();
  return findNameUses(file, text, thing).map((use) => {
    const { start, end, newText } = replaceScalar(text, use.start, use.end, name);
    return { range: { start: document.positionAt(start), end: document.positionAt(end) }, newText };
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
  return editUses(document, named.file, named.thing, named.thing.name).map(({ range }) => ({
    uri: document.uri,
    range,
  }));
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
  const edits = editUses(document, named.file, named.thing, newName);
  return { changes: { [document.uri]: edits } };
}
