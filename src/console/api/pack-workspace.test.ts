import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { resolveConsolePack, type ConsolePack } from './console-pack';
import { toAbsolute, withEdits } from './pack-workspace';

let dir: string;
let pack: ConsolePack;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pack-workspace-'));
  await writeFile(path.join(dir, 'a.yaml'), 'saved a\n');
  pack = resolveConsolePack({ cwd: dir, paths: ['.'] });
});

afterEach(() => rm(dir, { recursive: true, force: true }));

/** What the workspace holds open while `run` runs, read after a turn of the event loop. */
const openDuring = (files: Record<string, string>) =>
  withEdits(pack, new Map(Object.entries(files)), async (workspace) => {
    await new Promise((resolve) => setImmediate(resolve));
    return Object.fromEntries([...workspace.open].map(([file, text]) => [path.relative(dir, file), text]));
  });

describe('withEdits', () => {
  it("opens each request's own edits, one request at a time, and nothing after", async () => {
    const [first, second] = await Promise.all([
      openDuring({ 'a.yaml': 'edit 1' }),
      openDuring({ 'b/c.yaml': 'edit 2' }),
    ]);
    expect(first).toEqual({ 'a.yaml': 'edit 1' });
    expect(second).toEqual({ [path.join('b', 'c.yaml')]: 'edit 2' });
    expect(await openDuring({})).toEqual({});
  });

  it('keeps one workspace per pack, whose packs are read from disk afresh for each request', async () => {
    const seen = await withEdits(pack, new Map(), async (workspace) => workspace);
    const rules = seen.packFrom(pack.source);
    const forget = jest.spyOn(rules, 'forgetDisk');
    const again = await withEdits(pack, new Map(), async (workspace) => workspace);
    expect(again).toBe(seen);
    expect(forget).toHaveBeenCalledTimes(1);
  });

  it('goes on after a request that failed', async () => {
    await expect(withEdits(pack, new Map(), () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await openDuring({ 'a.yaml': 'after' })).toEqual({ 'a.yaml': 'after' });
  });

  it('names files inside the pack by their pack path', () => {
    expect(toAbsolute(pack, 'b/c.yaml')).toBe(path.join(dir, 'b', 'c.yaml'));
  });
});
