import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RULE_LIMITS } from '../limits';
import { readRuleSnapshot } from './read-rule-snapshot';
import * as source from './read-source';

const RULE = 'ruleset: r\nrules: []\n';

/** Writes `count` files named by `name(i)` under `dir`, a few hundred at a time. */
async function writeMany(dir: string, count: number, name: (i: number) => string, text: string) {
  for (let start = 0; start < count; start += 500) {
    const batch = Array.from({ length: Math.min(500, count - start) }, (_, k) => start + k);
    await Promise.all(batch.map((i) => writeFile(path.join(dir, name(i)), text)));
  }
}

describe('readRuleSnapshot: limits on the files loaded together', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'rulehook-snapshot-'));
  });
  afterEach(async () => {
    jest.restoreAllMocks();
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses more rule files than the limit while listing them, and reads none', async () => {
    await mkdir(path.join(dir, 'many'));
    await writeMany(dir, RULE_LIMITS.files + 1, (i) => `many/r${i}.yaml`, RULE);
    await writeFile(path.join(dir, 'one.yaml'), RULE);
    const read = jest.spyOn(source, 'readSource');
    const snapshot = await readRuleSnapshot(['one.yaml', 'many', 'later.yaml'], { cwd: dir });
    expect(snapshot.diagnostics.map((d) => [d.code, d.file])).toEqual([['TOO_MANY_FILES', 'many']]);
    expect(snapshot.diagnostics[0]!.message).toBe(
      "with 'many', more than 10,000 rule files are to be loaded; at most 10,000 are loaded together, so none was read (check the paths given)",
    );
    expect(snapshot.ruleFiles).toEqual([]);
    expect(read).not.toHaveBeenCalled();
  }, 30_000);

  it('accepts exactly the limit of rule files, test files and catalogs not counted', async () => {
    await writeMany(dir, RULE_LIMITS.files - 1, (i) => `r${i}.yaml`, RULE);
    await writeMany(dir, 50, (i) => `s${i}.test.yaml`, 'tests: []\n');
    await writeFile(path.join(dir, 'catalog.yaml'), 'nodes: [Verify]\n');
    await writeFile(path.join(dir, 'last.yml'), RULE);
    const snapshot = await readRuleSnapshot(['.'], { cwd: dir });
    expect(snapshot.diagnostics).toEqual([]);
    expect(snapshot.ruleFiles).toHaveLength(RULE_LIMITS.files);
  }, 30_000);

  it('stops reading once the files read pass the total size, reporting the file that passes it', async () => {
    const mib = 'x'.repeat(RULE_LIMITS.fileBytes);
    const count = RULE_LIMITS.totalBytes / RULE_LIMITS.fileBytes;
    await writeMany(dir, count + 3, (i) => `f${String(i).padStart(3, '0')}.yaml`, mib);
    const read = jest.spyOn(source, 'readSource');
    const snapshot = await readRuleSnapshot(['.'], { cwd: dir });
    expect(snapshot.ruleFiles).toHaveLength(count);
    const passing = `f${String(count).padStart(3, '0')}.yaml`;
    expect(snapshot.diagnostics.map((d) => [d.code, d.file])).toEqual([['FILES_TOO_LARGE', passing]]);
    expect(snapshot.diagnostics[0]!.message).toBe(
      `with '${passing}', the rule files read add up to more than 67,108,864 bytes (64 MiB); at most that is loaded together, so the files after it were not read`,
    );
    expect(read.mock.calls.length).toBeLessThan(count + 3);
  }, 60_000);

  it('reads a few files at a time, not all at once', async () => {
    await writeMany(dir, 200, (i) => `r${i}.yaml`, RULE);
    let open = 0;
    let most = 0;
    const readSource = source.readSource;
    jest.spyOn(source, 'readSource').mockImplementation(async (found) => {
      most = Math.max(most, ++open);
      try {
        return await readSource(found);
      } finally {
        open--;
      }
    });
    const snapshot = await readRuleSnapshot(['.'], { cwd: dir });
    expect(snapshot.ruleFiles).toHaveLength(200);
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(16);
  });
});
