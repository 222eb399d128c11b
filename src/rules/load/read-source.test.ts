import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
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

  describe('refuses what is not a regular file, without reading it', () => {
    const read = (name: string) => readSource({ file: name, absolute: path.join(dir, name) });
    const notRegular = (name: string, kind: string) => ({
      ok: false,
      diagnostic: expect.objectContaining({
        code: 'FILE_NOT_REGULAR',
        file: name,
        message: `'${name}' is ${kind}, not a regular file, and was not read (only regular files, or links to them, are)`,
      }),
    });

    it('a FIFO, which no one writes', async () => {
      execFileSync('mkfifo', [path.join(dir, 'fifo.yaml')]);
      expect(await read('fifo.yaml')).toEqual(notRegular('fifo.yaml', 'a FIFO (named pipe)'));
    });

    it('a unix socket', async () => {
      const server: Server = createServer();
      await new Promise<void>((resolve) => server.listen(path.join(dir, 'socket.yaml'), resolve));
      try {
        expect(await read('socket.yaml')).toEqual(notRegular('socket.yaml', 'a socket'));
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    });

    it('symbolic links to devices that never end', async () => {
      await symlink('/dev/zero', path.join(dir, 'zero.yaml'));
      await symlink('/dev/urandom', path.join(dir, 'random.yaml'));
      const kind = 'a symbolic link to a character device';
      expect(await read('zero.yaml')).toEqual(notRegular('zero.yaml', kind));
      expect(await read('random.yaml')).toEqual(notRegular('random.yaml', kind));
    });

    it('but reads a symbolic link to a regular file, and calls a directory unreadable', async () => {
      await file('real.yaml', 'ruleset: r\nrules: []\n');
      await symlink(path.join(dir, 'real.yaml'), path.join(dir, 'link.yaml'));
      expect(await read('link.yaml')).toEqual({ ok: true, text: 'ruleset: r\nrules: []\n', bytes: 21 });
      await mkdir(path.join(dir, 'sub.yaml'));
      expect(await read('sub.yaml')).toEqual({
        ok: false,
        diagnostic: expect.objectContaining({
          code: 'FILE_UNREADABLE',
          message: "cannot read 'sub.yaml': it is a directory",
        }),
      });
    });
  });
});
