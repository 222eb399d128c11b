import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { hasErrors } from '../../diagnostics/diagnostic';
import { toJsonDiagnostics } from '../../diagnostics/format-json';
import { failWith, type ApiResult } from './api-result';
import { checkEdits } from './check-edits';
import type { ConsoleContext } from './console-context';
import { resolveInsidePack } from './pack-path';
import { readFilesField } from './read-files-field';

/** Saves of one pack, one at a time: two tabs saving at once must not interleave their checks and writes. */
const saving = new Map<string, Promise<unknown>>();

/**
 * `POST /console/api/save` `{files}`: writes the edited files only when the whole pack, with them, has no
 * error (`validate`'s checks, and `test`'s checks of the scenario files): else 422 with the diagnostics
 * and nothing written. Each file is written whole or not at all (a temporary file beside it, renamed over
 * it). Read-only consoles (`serve --console`) answer 403.
 */
export async function saveFiles(body: Record<string, unknown>, context: ConsoleContext): Promise<ApiResult> {
  if (context.readOnly)
    return failWith(
      403,
      'READ_ONLY',
      'this console is read-only (rulehook serve --console): nothing writes rule files',
    );
  const files = readFilesField(body, true);
  if (!files.ok) return files.result;
  const { root } = context.pack;
  const previous = saving.get(root) ?? Promise.resolve();
  const run = previous.then(() => saveChecked(files.value, context));
  saving.set(
    root,
    run.catch(() => {}),
  );
  return run;
}

async function saveChecked(files: ReadonlyMap<string, string>, context: ConsoleContext): Promise<ApiResult> {
  const targets = new Map<string, string>();
  for (const file of files.keys()) {
    const resolved = await resolveInsidePack(context.pack.root, file);
    if (!resolved.ok) return resolved.result;
    if (await isDirectory(resolved.value))
      return failWith(400, 'BAD_REQUEST', `files["${file}"]: is a directory`);
    targets.set(file, resolved.value);
  }
  const checked = await checkEdits(context.pack, files);
  if (hasErrors(checked.diagnostics)) {
    const errors = checked.diagnostics.filter((d) => d.severity === 'error').length;
    return failWith(
      422,
      'RULES_INVALID',
      `not saved: the pack would have ${errors} error${errors === 1 ? '' : 's'}`,
      {
        diagnostics: toJsonDiagnostics(checked.diagnostics, checked.sources),
      },
    );
  }
  for (const [file, target] of targets) await writeAtomically(target, files.get(file)!);
  return { status: 200, body: { saved: [...files.keys()] } };
}

async function writeAtomically(target: string, text: string): Promise<void> {
  await mkdir(path.dirname(target), { recursive: true });
  const temporary = path.join(
    path.dirname(target),
    `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`,
  );
  try {
    await writeFile(temporary, text);
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

async function isDirectory(absolute: string): Promise<boolean> {
  try {
    return (await stat(absolute)).isDirectory();
  } catch {
    return false;
  }
}
