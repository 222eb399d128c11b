import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createMemoryIO } from '../../../../test/support/memory-io';
import { runInit } from './init';
import { STARTER_FILES } from './starter-pack';

let work: string;
beforeEach(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'rulehook-init-'));
});
afterEach(async () => {
  await rm(work, { recursive: true, force: true });
});

async function init(args: string[], cwd = work) {
  const io = createMemoryIO({ cwd });
  const code = await runInit(args, io);
  return { code, stdout: io.out(), stderr: io.err() };
}

/** Every file under `dir` with its text, to prove a refusal wrote nothing. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files[path.relative(dir, file)] = await readFile(file, 'utf8');
  }
  return files;
}

describe('rulehook init', () => {
  it('creates DIR and its parents, writes the starter files, and prints them and the next commands', async () => {
    const { code, stdout, stderr } = await init(['team/rules']);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(Object.keys(await snapshot(path.join(work, 'team/rules'))).sort()).toEqual(
      STARTER_FILES.map((f) => path.normalize(f.path)).sort(),
    );
    expect(stdout).toMatch(/^Created a rule pack in team\/rules:\n/);
    for (const file of STARTER_FILES) expect(stdout).toContain(`  team/rules/${file.path}  `);
    expect(stdout).toContain('\nNext (team/rules/README.md explains each step):\n');
    expect(stdout).toContain('  npx rulehook validate --strict team/rules  ');
    expect(stdout).toContain(
      '  npx rulehook replay --rules team/rules team/rules/recordings/sample-calls.jsonl  ',
    );
  });

  it('defaults to the current directory, and suggests the commands without paths there', async () => {
    const { code, stdout } = await init([]);
    expect(code).toBe(0);
    expect(existsSync(path.join(work, 'starter.yaml'))).toBe(true);
    expect(stdout).toMatch(/^Created a rule pack in the current directory:\n {2}catalog\.yaml /);
    expect(stdout).toMatch(/^ {2}npx rulehook test +run the scenario tests$/m);
    expect(stdout).toMatch(/^ {2}npx rulehook replay +replay the recorded calls$/m);
  });

  it("points each $schema line at this package's schema, relative to the file", async () => {
    await init(['rules']);
    for (const file of STARTER_FILES.filter((f) => f.schema !== undefined)) {
      const written = path.join(work, 'rules', file.path);
      const first = (await readFile(written, 'utf8')).split('\n')[0]!;
      const reference = /^# yaml-language-server: \$schema=(\S+)$/.exec(first)?.[1];
      expect(reference).toBeDefined();
      expect(path.isAbsolute(reference!)).toBe(false);
      const resolved = path.resolve(path.dirname(written), reference!);
      expect(resolved).toBe(path.resolve(__dirname, '../../../../schema', file.schema!));
    }
  });

  it('refuses, writing nothing, when DIR already holds a starter file; --force overwrites', async () => {
    await mkdir(path.join(work, 'rules'));
    await writeFile(path.join(work, 'rules', 'starter.yaml'), 'ruleset: mine\n');
    await writeFile(path.join(work, 'rules', 'notes.txt'), 'kept\n');
    const before = await snapshot(work);
    const refused = await init(['rules']);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toBe(
      'rulehook init: already there: rules/starter.yaml. Choose another directory, or overwrite them with ' +
        '--force; nothing was written\n',
    );
    expect(await snapshot(work)).toEqual(before);

    expect((await init(['rules', '--force'])).code).toBe(0);
    expect(await readFile(path.join(work, 'rules', 'starter.yaml'), 'utf8')).toContain('ruleset: starter');
    expect(await readFile(path.join(work, 'rules', 'notes.txt'), 'utf8')).toBe('kept\n');
  });

  it('refuses a DIR that is a file, and a starter file that is a directory, even with --force', async () => {
    await writeFile(path.join(work, 'file'), 'x');
    const notDir = await init(['file']);
    expect(notDir).toMatchObject({ code: 1, stderr: 'rulehook init: file exists and is not a directory\n' });
    await mkdir(path.join(work, 'pack', 'README.md'), { recursive: true });
    const before = await snapshot(work);
    const blocked = await init(['pack', '--force']);
    expect(blocked).toMatchObject({
      code: 1,
      stderr: 'rulehook init: pack/README.md is a directory; nothing was written\n',
    });
    expect(await snapshot(work)).toEqual(before);
  });

  it('quotes a directory with spaces in the commands it prints', async () => {
    const { code, stdout } = await init(['my rules']);
    expect(code).toBe(0);
    expect(stdout).toContain("  npx rulehook test 'my rules'  ");
  });

  it('refuses wrong usage with exit 2 and the usage', async () => {
    const { code, stderr } = await init(['a', 'b']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^rulehook init: give one directory, not 2 \(a, b\)\n\nUsage: rulehook init/);
  });
});
