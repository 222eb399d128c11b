import { mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { checkPackPath, resolveInsidePack } from './pack-path';

describe('checkPackPath', () => {
  it.each(['risk.yaml', 'rules/a.yaml', 'recordings/x.jsonl'])('takes %s', (file) => {
    expect(checkPackPath('file', file)).toEqual({ ok: true, value: file });
  });

  it.each([
    ['../x.yaml', 403, 'leaves the pack'],
    ['a/../../x.yaml', 403, 'leaves the pack'],
    ['/etc/passwd', 403, 'is absolute'],
    ['C:/x.yaml', 403, 'is absolute'],
    ['.git/config', 403, 'is hidden'],
    ['a//b.yaml', 400, 'empty or "." segment'],
    ['./a.yaml', 400, 'empty or "." segment'],
    ['a\\b.yaml', 400, 'paths use "/"'],
    ['', 400, 'expected a path'],
  ])('refuses %s with %d', (file, status, words) => {
    const read = checkPackPath('file', file);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.result.status).toBe(status);
    const message = (read.result.body as { error: { message: string } }).error.message;
    expect(message).toContain(words);
    expect(message).toMatch(/^file: /);
  });
});

describe('resolveInsidePack', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'pack-path-'));
    await mkdir(path.join(dir, 'pack/rules'), { recursive: true });
    await mkdir(path.join(dir, 'elsewhere'));
    await symlink(path.join(dir, 'elsewhere'), path.join(dir, 'pack/out'));
    await symlink(path.join(dir, 'pack/rules'), path.join(dir, 'pack/alias'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('resolves a new file in a new folder inside the pack', async () => {
    const read = await resolveInsidePack(path.join(dir, 'pack'), 'rules/new/a.yaml');
    expect(read).toEqual({ ok: true, value: path.join(dir, 'pack/rules/new/a.yaml') });
  });

  it('follows a link that stays inside the pack', async () => {
    const read = await resolveInsidePack(path.join(dir, 'pack'), 'alias/a.yaml');
    expect(read).toEqual({ ok: true, value: path.join(dir, 'pack/rules/a.yaml') });
  });

  it('refuses a link leading out of the pack', async () => {
    const read = await resolveInsidePack(path.join(dir, 'pack'), 'out/a.yaml');
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.result.status).toBe(403);
  });
});
