import { toJsonDiagnostics } from '../../diagnostics/format-json';
import type { ApiResult } from './api-result';
import { checkEdits } from './check-edits';
import type { ConsoleContext } from './console-context';
import { readFilesField } from './read-files-field';

/**
 * `POST /console/api/check` `{files}`: the diagnostics of the pack with the edits, each in the shape
 * of `rulehook validate --format json` (1-based `line`, `col`, exclusive `endLine`, `endCol`).
 */
export async function checkPack(body: Record<string, unknown>, context: ConsoleContext): Promise<ApiResult> {
  const files = readFilesField(body);
  if (!files.ok) return files.result;
  const checked = await checkEdits(context.pack, files.value);
  return { status: 200, body: { diagnostics: toJsonDiagnostics(checked.diagnostics, checked.sources) } };
}
