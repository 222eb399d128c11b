import { createReadStream } from 'node:fs';
import path from 'node:path';
import { runReplay } from '../src/cli/commands/replay/replay';
import { REPO_ROOT } from './paths';
import { check } from './suite';

const RULES = path.join(REPO_ROOT, 'examples/fraud-and-spoofing');

/** The floor: read the file as a stream and JSON.parse every line, nothing else. Returns the lines parsed. */
export async function parseLines(file: string): Promise<number> {
  let lines = 0;
  let rest = '';
  for await (const chunk of createReadStream(file, { encoding: 'utf8' })) {
    const text = rest + (chunk as string);
    let start = 0;
    for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
      if (end > start && JSON.parse(text.slice(start, end)) !== null) lines++;
      start = end + 1;
    }
    rest = text.slice(start);
  }
  return rest.trim() === '' ? lines : lines + (JSON.parse(rest) === null ? 0 : 1);
}

/**
 * `rulehook replay --rules examples/fraud-and-spoofing FILE --format jsonl --workers N`, in this process
 * (the workers are threads of it); returns its output lines.
 */
export async function replay(file: string, workers: number): Promise<number> {
  let lines = 0;
  let summary = '';
  const args = ['--rules', RULES, file, '--format', 'jsonl', '--workers', String(workers)];
  const code = await runReplay(args, {
    stdout: {
      write: (text: string) => {
        for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines++;
      },
    },
    stderr: { write: (text: string) => (summary += text) },
    cwd: REPO_ROOT,
    env: {},
    isTTY: false,
  });
  check(code === 0, `replay exits 0 (${summary.trim()})`);
  return lines;
}
