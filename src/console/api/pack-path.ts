import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { isInside } from '../../lsp/workspace/find-pack-root';
import { failWith, refuseField, type FieldRead } from './api-result';

/**
 * A path of the API as the pack's own: relative, with `/`, no `.` or `..` segment, no hidden
 * segment (the listing never shows `.git/...`, so nothing may write there), no NUL. A path
 * leaving the pack is 403 OUTSIDE_PACK; one that is not a path at all is 400.
 */
export function checkPackPath(field: string, value: unknown): FieldRead<string> {
  if (typeof value !== 'string' || value === '')
    return {
      ok: false,
      result: refuseField(field, 'expected a path relative to the pack, such as "risk.yaml"'),
    };
  if (value.includes('\0') || value.includes('\\'))
    return {
      ok: false,
      result: refuseField(field, `${JSON.stringify(value)}: paths use "/" and hold no NUL`),
    };
  const outside = (why: string) => ({
    ok: false as const,
    result: failWith(403, 'OUTSIDE_PACK', `${field}: ${JSON.stringify(value)} ${why}`),
  });
  if (value.startsWith('/') || /^[A-Za-z]:/.test(value))
    return outside('is absolute; paths are relative to the pack');
  const segments = value.split('/');
  if (segments.includes('..')) return outside('leaves the pack (`..`)');
  if (segments.some((s) => s === '' || s === '.'))
    return { ok: false, result: refuseField(field, `${JSON.stringify(value)} has an empty or "." segment`) };
  if (segments.some((s) => s.startsWith('.')))
    return outside('is hidden; hidden files are not part of the pack');
  return { ok: true, value };
}

/**
 * The absolute path of a pack path, after following symbolic links: the deepest part that exists
 * must resolve inside the pack's real root, so that a link to elsewhere cannot be written through.
 */
export async function resolveInsidePack(root: string, relative: string): Promise<FieldRead<string>> {
  const realRoot = await realpath(root);
  const absolute = path.join(realRoot, ...relative.split('/'));
  let existing = absolute;
  let real: string | undefined;
  while (real === undefined) {
    try {
      real = await realpath(existing);
    } catch {
      if (path.dirname(existing) === existing) break;
      existing = path.dirname(existing);
    }
  }
  if (real === undefined || !isInside(real, realRoot))
    return {
      ok: false,
      result: failWith(403, 'OUTSIDE_PACK', `${relative}: a symbolic link leads outside the pack`),
    };
  return { ok: true, value: path.join(real, path.relative(existing, absolute)) };
}
