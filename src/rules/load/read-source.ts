import { createDiagnostic } from '../../diagnostics/create-diagnostic';
import type { Diagnostic } from '../../diagnostics/diagnostic';
import { formatCount } from '../../terminal/format-count';
import { RULE_LIMITS } from '../limits';
import type { FoundFile } from './expand-paths';
import { describeError } from './list-files';
import { readRegularFile, type RegularFileRefusal } from '../../files/read-regular-file';

/** `bytes`: the size of the file read, before decoding. */
export type SourceRead = { ok: true; text: string; bytes: number } | { ok: false; diagnostic: Diagnostic };

/**
 * Reads a regular file as UTF-8 (a leading byte-order mark is dropped, as
 * editors do). Anything else (a FIFO, a socket, a device, a link to one) is
 * FILE_NOT_REGULAR, and never read. A file larger than the limit is refused
 * without reading more than one byte past it. `room`: what is left of
 * RULE_LIMITS.totalBytes for the rule files loaded together, when less than a
 * file may hold; a file larger than that is FILES_TOO_LARGE, read no further
 * than one byte past the room either. A read that takes longer than
 * RULE_LIMITS.readMs (a stalled network or FUSE mount) is FILE_UNREADABLE.
 */
export async function readSource(
  found: FoundFile,
  room: number = RULE_LIMITS.fileBytes,
): Promise<SourceRead> {
  const maxBytes = Math.min(room, RULE_LIMITS.fileBytes);
  const read = await readRegularFile(found.absolute, { maxBytes, timeoutMs: RULE_LIMITS.readMs });
  if (!read.ok) return { ok: false, diagnostic: describeRefusal(found.file, read, maxBytes) };
  const text = read.bytes.toString('utf8');
  return { ok: true, text: text.startsWith('\uFEFF') ? text.slice(1) : text, bytes: read.bytes.length };
}

function describeRefusal(file: string, refusal: RegularFileRefusal, maxBytes: number): Diagnostic {
  const seconds = RULE_LIMITS.readMs / 1000;
  switch (refusal.reason) {
    case 'error':
      if ((refusal.error as NodeJS.ErrnoException).code === 'ENOENT')
        return createDiagnostic('FILE_NOT_FOUND', file, `no such file: '${file}'`);
      return describeUnreadable(file, describeError(refusal.error));
    case 'not-regular':
      if (refusal.kind === 'a directory') return describeUnreadable(file, 'it is a directory');
      return describeNotRegular(file, refusal.kind);
    case 'too-large':
      // Past what is left of the total, rather than past one file's limit: the files after it were not read.
      if (maxBytes < RULE_LIMITS.fileBytes) return describePastTotal(file);
      return describeTooLarge(file, refusal.size, maxBytes);
    case 'late':
      return describeUnreadable(file, `the file system did not answer within ${seconds} s`);
    case 'stuck':
      return describeUnreadable(file, `an earlier read of it, past its ${seconds} s, has not returned yet`);
  }
}

function describeUnreadable(file: string, why: string): Diagnostic {
  return createDiagnostic('FILE_UNREADABLE', file, `cannot read '${file}': ${why}`);
}

function describeNotRegular(file: string, kind: string): Diagnostic {
  const message = `'${file}' is ${kind}, not a regular file, and was not read (only regular files, or links to them, are)`;
  return createDiagnostic('FILE_NOT_REGULAR', file, message);
}

function describePastTotal(file: string): Diagnostic {
  const max = formatCount(RULE_LIMITS.totalBytes);
  const mib = RULE_LIMITS.totalBytes / 1_048_576;
  const message = `with '${file}', the rule files read add up to more than ${max} bytes (${mib} MiB); at most that is loaded together, so the files after it were not read`;
  return createDiagnostic('FILES_TOO_LARGE', file, message);
}

function describeTooLarge(file: string, size: number, maxBytes: number): Diagnostic {
  const actual = size > maxBytes ? `${formatCount(size)} bytes` : `more than ${formatCount(maxBytes)} bytes`;
  const message = `'${file}' is ${actual}; a file may be at most ${formatCount(maxBytes)} bytes (split it into several files)`;
  return createDiagnostic('FILE_TOO_LARGE', file, message);
}
