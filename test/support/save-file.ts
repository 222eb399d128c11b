import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Writes `text` to `file` as a careful editor or deployment tool does: to a temporary file beside it
 * (its name is not a rule file's: `.name.saving`), then renamed over it. A watcher never sees the file
 * half-written, which `writeFile` (truncate, then write) can show it on a loaded machine.
 */
export async function saveFile(file: string, text: string): Promise<void> {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.saving`);
  await writeFile(temporary, text);
  await rename(temporary, file);
}
