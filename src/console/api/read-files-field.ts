import { readFile } from 'node:fs/promises';
import { checkPackPath, resolveInsidePack } from './pack-path';
import { describeKind, isRecord, refuseField, type FieldRead } from './api-result';

/**
 * `files` of a request: edited texts by pack path (`{"risk.yaml": "..."}`); files not in it are
 * read from disk. Absent is no edit, unless `required`.
 */
export function readFilesField(
  body: Record<string, unknown>,
  required = false,
): FieldRead<Map<string, string>> {
  const files = body.files;
  if (files === undefined && !required) return { ok: true, value: new Map() };
  if (!isRecord(files))
    return {
      ok: false,
      result: refuseField('files', `expected an object of file texts by path, got ${describeKind(files)}`),
    };
  const out = new Map<string, string>();
  for (const [key, text] of Object.entries(files)) {
    const checked = checkPackPath(`files[${JSON.stringify(key)}]`, key);
    if (!checked.ok) return checked;
    if (typeof text !== 'string')
      return {
        ok: false,
        result: refuseField(
          `files[${JSON.stringify(key)}]`,
          `expected the file's text, got ${describeKind(text)}`,
        ),
      };
    out.set(key, text);
  }
  if (required && out.size === 0) return { ok: false, result: refuseField('files', 'no file given') };
  return { ok: true, value: out };
}

/**
 * The text of `file` as a request sees it: its edit in `files`, else the saved file, read only where it
 * resolves inside the pack (a link out of it is refused, as `save` refuses to write through one); `value` is
 * undefined when neither is there.
 */
export async function readRequestedText(
  root: string,
  file: string,
  files: ReadonlyMap<string, string>,
): Promise<FieldRead<string | undefined>> {
  const edited = files.get(file);
  if (edited !== undefined) return { ok: true, value: edited };
  const absolute = await resolveInsidePack(root, file);
  if (!absolute.ok) return absolute;
  return { ok: true, value: await readFile(absolute.value, 'utf8').catch(() => undefined) };
}
