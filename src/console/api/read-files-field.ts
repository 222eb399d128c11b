import { checkPackPath } from './pack-path';
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
