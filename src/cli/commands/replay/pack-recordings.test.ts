import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { listPackRecordings } from './pack-recordings';

describe('listPackRecordings', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'rulehook-pack-recordings-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('lists the .jsonl and .jsonl.gz files of recordings/, in name order, relative to the directory', async () => {
    await mkdir(path.join(dir, 'recordings', 'older'), { recursive: true });
    for (const name of ['b.jsonl', 'a.jsonl.gz', 'c.jsonl.1', 'notes.md', 'older/d.jsonl'])
      await writeFile(path.join(dir, 'recordings', name), '');
    expect(await listPackRecordings(dir)).toEqual([
      path.join('recordings', 'a.jsonl.gz'),
      path.join('recordings', 'b.jsonl'),
    ]);
  });

  it('is empty without recordings/', async () => {
    expect(await listPackRecordings(dir)).toEqual([]);
  });
});
