import { closeSync, openSync, readSync } from 'node:fs';
import { createDiagnostic } from '../../diagnostics/create-diagnostic';
import type { Diagnostic } from '../../diagnostics/diagnostic';
import { describeError } from '../../rules/load/list-files';
import { RULE_LIMITS } from '../../rules/limits';
import { formatCount } from '../../terminal/format-count';

/**
 * Reads a configuration file as UTF-8 (a leading byte-order mark dropped), refusing one larger than a rule
 * file may be, without reading more than one byte past it. Synchronous, unlike the rule loader's
 * readSource: the file is one layer of `serve`'s option parsing, which runs before anything else, once.
 * `file` is the path as the user gave it, for the diagnostics; `absolute` is read.
 */
export function readConfigText(
  file: string,
  absolute: string,
): { ok: true; text: string } | { ok: false; diagnostic: Diagnostic } {
  const limit = RULE_LIMITS.fileBytes;
  let fd: number | undefined;
  try {
    fd = openSync(absolute, 'r');
    const buffer = Buffer.alloc(limit + 1);
    let length = 0;
    for (;;) {
      const read = readSync(fd, buffer, length, buffer.length - length, null);
      if (read === 0 || (length += read) === buffer.length) break;
    }
    if (length > limit) {
      const message = `'${file}' is more than ${formatCount(limit)} bytes; a configuration file may be at most ${formatCount(limit)} bytes`;
      return { ok: false, diagnostic: createDiagnostic('FILE_TOO_LARGE', file, message) };
    }
    const text = buffer.subarray(0, length).toString('utf8');
    return { ok: true, text: text.startsWith('\uFEFF') ? text.slice(1) : text };
  } catch (error) {
    const diagnostic =
      (error as NodeJS.ErrnoException).code === 'ENOENT'
        ? createDiagnostic('FILE_NOT_FOUND', file, `no such file: '${file}'`)
        : createDiagnostic('FILE_UNREADABLE', file, `cannot read '${file}': ${describeError(error)}`);
    return { ok: false, diagnostic };
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
