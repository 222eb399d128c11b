import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Diagnostic } from '../../diagnostics';
import { listFiles } from './list-files';

describe('listFiles', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'rulehook-list-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('follows links to directories, but lists a directory reached twice (a loop) once', async () => {
    await mkdir(path.join(dir, 'rules', 'nested'), { recursive: true });
    await writeFile(path.join(dir, 'rules', 'a.yaml'), '');
    await writeFile(path.join(dir, 'rules', 'nested', 'b.yaml'), '');
    await symlink(path.join(dir, 'rules'), path.join(dir, 'rules', 'nested', 'up'));
    await symlink(path.join(dir, 'rules'), path.join(dir, 'rules', 'nested', 'again'));
    const diagnostics: Diagnostic[] = [];
    const files = await listFiles(path.join(dir, 'rules'), {
      accept: (name) => name.endsWith('.yaml'),
      shown: 'rules',
      diagnostics,
    });
    expect(files.sort()).toEqual(['a.yaml', 'nested/b.yaml']);
    expect(diagnostics).toEqual([]);
  });
});
