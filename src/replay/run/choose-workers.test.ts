import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import os from 'node:os';
import { gzipSync } from 'node:zlib';
import { parseReplayOptions } from '../../cli/commands/replay/replay-options';
import { chooseWorkers, PARALLEL_FROM_BYTES } from './choose-workers';

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'rulehook-choose-workers-'));
  await writeFile(path.join(tmp, 'small.jsonl'), '{"session_variables":{}}\n');
  // Sparse: 128 MiB on paper, nothing on disk.
  await writeFile(path.join(tmp, 'large.jsonl'), '');
  await truncate(path.join(tmp, 'large.jsonl'), PARALLEL_FROM_BYTES);
  // A small gzip file whose trailer says it holds 200 MiB.
  const gz = gzipSync('{"session_variables":{}}\n');
  gz.writeUInt32LE(200 * 1024 * 1024, gz.length - 4);
  await writeFile(path.join(tmp, 'large.jsonl.gz'), gz);
  await writeFile(path.join(tmp, 'small.jsonl.gz'), gzipSync('{"session_variables":{}}\n'));
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

const choose = (...args: string[]) => {
  const parsed = parseReplayOptions(args);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed));
  return chooseWorkers(parsed.options, tmp);
};
const cpus = Math.min(availableParallelism(), 64);

describe('chooseWorkers', () => {
  it('takes --workers as given', async () => {
    expect(await choose('--rules', 'r', 'small.jsonl', '--workers', '3')).toBe(3);
    expect(await choose('--rules', 'r', 'large.jsonl', '--workers', '1')).toBe(1);
  });

  it('replays 128 MiB or more of files, decompressed, with as many workers as CPUs', async () => {
    expect(await choose('--rules', 'r', 'large.jsonl')).toBe(cpus);
    expect(await choose('--rules', 'r', 'large.jsonl.gz')).toBe(cpus);
    expect(await choose('--rules', 'r', 'small.jsonl', 'small.jsonl.gz')).toBe(1);
  });

  it('replays in-thread from stdin, against a target, paced, or when a file cannot be read', async () => {
    expect(await choose('--rules', 'r', 'large.jsonl', '-')).toBe(1);
    expect(await choose('--target', 'http://x:1', 'large.jsonl')).toBe(1);
    expect(await choose('--rules', 'r', 'large.jsonl', '--rate', '100')).toBe(1);
    expect(await choose('--rules', 'r', 'large.jsonl', '--duration', '1s')).toBe(1);
    expect(await choose('--rules', 'r', 'missing.jsonl')).toBe(1);
  });
});
