import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { formatJsonReport } from '../../testing/report/format-json';
import { runScenarioTests } from '../../testing/run/run-tests';
import type { ApiResult } from './api-result';
import type { ConsoleContext } from './console-context';
import { readFilesField } from './read-files-field';

/**
 * `POST /console/api/test` `{files}`: the pack's scenario tests run with the edits, answered with exactly what
 * `rulehook test --format json --coverage` prints (summary, diagnostics, files and tests with their
 * failures, coverage with the rules never fired). `test` reads its files from disk, so it runs in a
 * copy of the pack with the edits written in, removed afterwards: the pack itself is never written.
 */
export async function runPackTests(
  body: Record<string, unknown>,
  context: ConsoleContext,
): Promise<ApiResult> {
  const files = readFilesField(body);
  if (!files.ok) return files.result;
  const staging = await mkdtemp(path.join(os.tmpdir(), 'rulehook-console-test-'));
  try {
    const copy = path.join(staging, 'pack');
    await copyPack(context.pack.root, copy);
    for (const [file, text] of files.value) {
      const target = path.join(copy, ...file.split('/'));
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, text);
    }
    const report = await runScenarioTests({ paths: ['.'], cwd: copy, coverage: true });
    return { status: 200, body: JSON.parse(formatJsonReport(report)) as unknown };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** The pack's files as `rulehook test` would find them: hidden entries and node_modules left out, links followed. */
async function copyPack(root: string, copy: string): Promise<void> {
  await cp(root, copy, {
    recursive: true,
    dereference: true,
    filter: (source) => {
      const relative = path.relative(root, source);
      return (
        relative === '' ||
        !relative.split(path.sep).some((part) => part.startsWith('.') || part === 'node_modules')
      );
    },
  });
}
