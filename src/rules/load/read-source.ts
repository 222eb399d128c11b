import { readFile } from 'node:fs/promises';
import { createDiagnostic, type Diagnostic } from '../../diagnostics';
import type { FoundFile } from './expand-paths';
import { describeError } from './list-files';

export type SourceRead = { ok: true; text: string } | { ok: false; diagnostic: Diagnostic };

/** Reads a file as UTF-8 (a leading byte-order mark is dropped, as editors do). */
export async function readSource(found: FoundFile): Promise<SourceRead> {
  try {
    const text = await readFile(found.absolute, 'utf8');
    return { ok: true, text: text.startsWith('\uFEFF') ? text.slice(1) : text };
  } catch (error) {
    const notFound = (error as NodeJS.ErrnoException).code === 'ENOENT';
    const diagnostic = notFound
      ? createDiagnostic('FILE_NOT_FOUND', found.file, `no such file: '${found.file}'`)
      : createDiagnostic(
          'FILE_UNREADABLE',
          found.file,
          `cannot read '${found.file}': ${describeError(error)}`,
        );
    return { ok: false, diagnostic };
  }
}
