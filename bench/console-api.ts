import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { hrtime } from 'node:process';
import { startConsoleProcess, type ConsoleProcess } from '../test/support/console-process';
import type { ReadyState } from './console-page';
import { writeRulePack, type WrittenPack } from './lsp-pack';
import { check } from './suite';

interface PackFile {
  path: string;
  kind: string;
  text: string | null;
}

/** A generated pack served by `rulehook console` (the built CLI, a process of its own). */
export interface ConsolePack {
  pack: WrittenPack;
  server: ConsoleProcess;
  /** What the page shows once ready to edit this pack. */
  ready: ReadyState;
  /**
   * The body of `POST /console/api/check` as the page sends it while its first file is edited: a new text
   * each time (a keystroke), so the server re-parses that file and only the cache of the others helps.
   */
  checkBody: () => string;
}

async function fetchPack(server: ConsoleProcess): Promise<PackFile[]> {
  const answer = await fetch(new URL('api/pack', server.url));
  check(answer.ok, `GET /console/api/pack answers 200 (${answer.status})`);
  return ((await answer.json()) as { files: PackFile[] }).files;
}

/**
 * Writes a pack of `10 × perEvent` rules (bench/lsp-pack.ts: a catalog and rule files of at most 100 rules;
 * 10 rules make one file, 1,000 make 10) and starts `rulehook console` on it; `run` gets the pack, then the
 * process and its directory are removed.
 */
export async function withConsolePack<T>(
  perEvent: number,
  run: (pack: ConsolePack) => Promise<T>,
): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'rulehook-bench-console-'));
  let server: ConsoleProcess | undefined;
  try {
    const pack = writeRulePack(dir, perEvent);
    server = await startConsoleProcess(dir);
    const files = await fetchPack(server);
    check(files.length === pack.ruleFiles.length + 1, `the console lists the catalog and every rule file`);
    const first = files.find((f) => f.kind === 'rules' && f.text !== null);
    check(first?.text != null, 'the console lists a rule file with its text');
    const text = first.text;
    let edits = 0;
    const consolePack: ConsolePack = {
      pack,
      server,
      ready: { files: files.length, file: first.path, firstLine: first.text.split('\n')[0] ?? '' },
      checkBody: () => {
        edits += 1;
        return JSON.stringify({ files: { [first.path]: `${text}# edit ${edits} in the console\n` } });
      },
    };
    const diagnostics = await postCheck(consolePack);
    check(diagnostics === 0, `the generated pack checks without diagnostics (${diagnostics})`);
    return await run(consolePack);
  } finally {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

async function postCheck({ server, checkBody }: ConsolePack): Promise<number> {
  const answer = await fetch(new URL('api/check', server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: checkBody(),
  });
  check(answer.ok, `POST /console/api/check answers 200 (${answer.status})`);
  return ((await answer.json()) as { diagnostics: unknown[] }).diagnostics.length;
}

/** The API calls the page makes as it opens and as its user types, each timed from request to parsed body. */
export const API_CALLS = {
  pack: async (pack: ConsolePack) => {
    await fetchPack(pack.server);
  },
  check: async (pack: ConsolePack) => {
    await postCheck(pack);
  },
} as const;

/** The time one call takes, in ns. */
export async function timeCall(call: () => Promise<unknown>): Promise<number> {
  const start = hrtime.bigint();
  await call();
  return Number(hrtime.bigint() - start);
}
