import { pathToFileURL } from 'node:url';
import { CompletionItemKind, type CompletionItem } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { completeAt } from '../../lsp/server/language-features';
import { refuseField, type ApiResult } from './api-result';
import type { ConsoleContext } from './console-context';
import { checkPackPath } from './pack-path';
import { toAbsolute, withEdits } from './pack-workspace';
import { readFilesField, readRequestedText } from './read-files-field';

/** The LSP's item kinds, by the names the console's editor gives them. */
const KIND_NAMES = new Map<number, string>(
  Object.entries(CompletionItemKind).map(([name, value]) => [value, name.toLowerCase()]),
);

/**
 * `POST /console/api/complete` `{files, file, line, column}` (1-based; `column` counts UTF-16 code
 * units, as editors do): the LSP's completion at that place of `file` (its edited text, else the saved one).
 */
export async function completeInPack(
  body: Record<string, unknown>,
  context: ConsoleContext,
): Promise<ApiResult> {
  const files = readFilesField(body);
  if (!files.ok) return files.result;
  const file = checkPackPath('file', body.file);
  if (!file.ok) return file.result;
  const line = readPosition(body, 'line');
  const column = readPosition(body, 'column');
  if (typeof line !== 'number') return line;
  if (typeof column !== 'number') return column;
  const absolute = toAbsolute(context.pack, file.value);
  const read = await readRequestedText(context.pack.root, file.value, files.value);
  if (!read.ok) return read.result;
  const text = read.value;
  if (text === undefined)
    return refuseField(
      'file',
      `${JSON.stringify(file.value)} is neither among the edited files nor in the pack`,
    );
  const document = TextDocument.create(pathToFileURL(absolute).href, 'yaml', 0, text);
  const edits = new Map([...files.value, [file.value, text]]);
  const position = { line: line - 1, character: column - 1 };
  const items = await withEdits(context.pack, edits, (workspace) =>
    completeAt(workspace, absolute, document, position),
  );
  return { status: 200, body: { items: items.map(toConsoleItem) } };
}

function readPosition(body: Record<string, unknown>, field: 'line' | 'column'): number | ApiResult {
  const value = body[field];
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 1) return value;
  return refuseField(
    field,
    `expected a whole number from 1 (1-based), got ${JSON.stringify(value) ?? 'nothing'}`,
  );
}

/** `{label, kind, detail?, documentation?, insert}`: `insert` is the text the LSP would put in place of the word. */
function toConsoleItem(item: CompletionItem): Record<string, unknown> {
  const out: Record<string, unknown> = { label: item.label, kind: KIND_NAMES.get(item.kind ?? 0) ?? 'text' };
  if (item.detail !== undefined) out.detail = item.detail;
  const documentation = item.documentation;
  if (documentation !== undefined)
    out.documentation = typeof documentation === 'string' ? documentation : documentation.value;
  if (item.textEdit !== undefined) out.insert = item.textEdit.newText;
  return out;
}
