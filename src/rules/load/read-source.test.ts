import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RULE_LIMITS } from '../limits';
import { loadRules } from './load-rules';
import { readSource } from './read-source';

describe('readSource', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'rulehook-read-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const file = async (name: string, text: string) => {
    await writeFile(path.join(dir, name), text);
    return { file: name, absolute: path.join(dir, name) };
  };

  it('reads a file of exactly the limit, dropping a byte-order mark', async () => {
    const text = `\uFEFFruleset: r\nrules: []\n#`;
    const padded = text + 'x'.repeat(RULE_LIMITS.fileBytes - Buffer.byteLength(text));
    const read = await readSource(await file('max.yaml', padded));
    expect(read.ok && read.text.length).toBe(padded.length - 1);
  });

  it('refuses a file one byte over the limit, saying its size and the limit', async () => {
    const read = await readSource(await file('big.yaml', 'x'.repeat(RULE_LIMITS.fileBytes + 1)));
    expect(read.ok).toBe(false);
    expect(!read.ok && read.diagnostic).toMatchObject({
      code: 'FILE_TOO_LARGE',
      severity: 'error',
      file: 'big.yaml',
      message:
        "'big.yaml' is 1,048,577 bytes; a file may be at most 1,048,576 bytes (split it into several files)",
    });
  });

  it('applies to rule files and catalogs loaded from a directory', async () => {
    const big = `ruleset: r\nrules: []\n#${'x'.repeat(RULE_LIMITS.fileBytes)}\n`;
    await file('big.yaml', big);
    await file('catalog.yaml', `events: [A]\n#${'x'.repeat(RULE_LIMITS.fileBytes)}\n`);
    const result = await loadRules(['.'], { cwd: dir });
    expect(result.diagnostics.map((d) => `${d.code} ${d.file}`).sort()).toEqual([
      'FILE_TOO_LARGE big.yaml',
      'FILE_TOO_LARGE catalog.yaml',
    ]);
    expect(result.rulesets).toEqual([]);
  });
});
