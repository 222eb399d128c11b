import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../../diagnostics/diagnostic';
import { classifyFile, type FileKind } from '../../lsp/workspace/classify-file';
import { findPackRoot } from '../../lsp/workspace/find-pack-root';
import { DEFAULT_SESSION_KEY } from '../../processor/session-key';
import { listFiles } from '../../rules/load/list-files';
import type { ApiResult } from './api-result';
import type { ConsoleContext } from './console-context';

/** What a file of the pack is to the console: the LSP's kinds, in the console's words. */
export type PackFileKind = 'rules' | 'catalog' | 'test' | 'scenario' | 'recording' | 'other';

export interface PackFile {
  path: string;
  kind: PackFileKind;
  /** null for a file too large to edit here (over MAX_TEXT_BYTES) or not text (a WAV, a .gz). */
  text: string | null;
  size: number;
}

/** Files listed at most: a pack is a few dozen files; a directory of thousands is not one. */
export const MAX_PACK_FILES = 2000;
export const MAX_TEXT_BYTES = 1_048_576;

const KINDS: Record<FileKind, PackFileKind> = {
  rules: 'rules',
  catalog: 'catalog',
  scenario: 'test',
  sandbox: 'scenario',
  other: 'other',
};
const RECORDING = /\.jsonl(\.gz)?$/;

/**
 * `GET /console/api/pack`: every file under the pack's root (hidden ones and node_modules skipped), and the
 * variable naming an event's session (serve's `--session-key`), by which the page groups events and decisions.
 */
export async function listPack(context: ConsoleContext): Promise<ApiResult> {
  const { root } = context.pack;
  const diagnostics: Diagnostic[] = [];
  const limit = { left: MAX_PACK_FILES, counts: () => true };
  const found = await listFiles(root, { accept: () => true, shown: '.', diagnostics, limit });
  found.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const files = await Promise.all(found.slice(0, MAX_PACK_FILES).map((file) => describeFile(root, file)));
  return {
    status: 200,
    body: {
      mode: context.mode,
      read_only: context.readOnly,
      session_key: context.sessionKey ?? DEFAULT_SESSION_KEY,
      files,
      ...(found.length > MAX_PACK_FILES ? { truncated: true } : {}),
    },
  };
}

async function describeFile(root: string, file: string): Promise<PackFile> {
  const absolute = path.join(root, ...file.split('/'));
  let bytes: Buffer;
  try {
    bytes = await readFile(absolute);
  } catch {
    return { path: file, kind: 'other', text: null, size: 0 };
  }
  const isText = bytes.length <= MAX_TEXT_BYTES && !bytes.includes(0) && !file.endsWith('.gz');
  const text = isText ? bytes.toString('utf8') : null;
  const kind = RECORDING.test(file)
    ? 'recording'
    : KINDS[classifyFile(absolute, text ?? '', findPackRoot(absolute, root).hasCatalog)];
  return { path: file, kind, text, size: bytes.length };
}
