import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runInit } from '../../src/cli/commands/init/init';
import { runCli } from '../../src/cli/main';
import { runReplay } from '../../src/cli/commands/replay/replay';
import { runTest } from '../../src/cli/commands/test/test';
import { runValidate } from '../../src/cli/commands/validate/validate';
import type { CommandRunner } from '../../src/terminal/command-io';
import { createMemoryIO } from '../support/memory-io';

/** The starter pack of `rulehook init` works as created: every command passes on it, cleanly. */
let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'rulehook-starter-'));
  expect(await runInit(['rules'], createMemoryIO({ cwd: work }))).toBe(0);
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

async function run(command: CommandRunner, args: string[], cwd = work) {
  const io = createMemoryIO({ cwd });
  const code = await command(args, io);
  return { code, stdout: io.out(), stderr: io.err() };
}

describe('a new starter pack', () => {
  it('validates with no warning at all', async () => {
    const { code, stdout } = await run(runValidate, ['--strict', 'rules']);
    // The catalog, the rule file and the scenario file, whose values are checked against the catalog.
    expect({ code, stdout }).toEqual({ code: 0, stdout: '0 errors, 0 warnings in 3 files\n' });
  });

  it('passes its scenario tests, each rule fired and each condition outcome seen', async () => {
    const { code, stdout } = await run(runTest, ['rules', '--require-coverage']);
    expect(code).toBe(0);
    expect(stdout).toContain('Coverage: 3 of 3 enabled rules fired; 10 of 10 condition outcomes seen');
    expect(stdout).toMatch(/\n7 passed, 0 failed\n$/);
  });

  it('passes them with `rulehook test` run inside it', async () => {
    const { code, stdout } = await run(runTest, [], path.join(work, 'rules'));
    expect(code).toBe(0);
    expect(stdout).toMatch(/^starter\.test\.yaml\n/);
    expect(stdout).toMatch(/\n7 passed, 0 failed\n$/);
  });

  it('replays its recording with no bad line, every rule firing', async () => {
    const recording = 'rules/recordings/sample-calls.jsonl';
    const { code, stdout, stderr } = await run(runReplay, ['--rules', 'rules', recording, '--strict']);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toMatch(/events +16 from 1 file/);
    expect(stdout).toMatch(/never fired +none/);
    expect(stdout).toContain(
      'schedule NotifyAgent(message="Possible recorded or synthetic voice (score 0.96)',
    );
  });

  it('replays the same with `rulehook replay` run inside it', async () => {
    const inside = await run(runReplay, ['--format', 'jsonl'], path.join(work, 'rules'));
    const outside = await run(runReplay, [
      '--rules',
      'rules',
      'rules/recordings/sample-calls.jsonl',
      '--format',
      'jsonl',
    ]);
    expect(inside.code).toBe(0);
    expect(inside.stdout.split('\n').length).toBe(17);
    // The same lines but their file, named relative to where each replay ran.
    expect(inside.stdout).toBe(outside.stdout.replaceAll('"file":"rules/', '"file":"'));
  });

  it('passes every command `rulehook init` suggests but serve, as printed', async () => {
    const printed = await run(runInit, ['more-rules']);
    const commands = [...printed.stdout.matchAll(/^ {2}npx rulehook (\S.*?) {2,}/gm)].map((m) => m[1]!);
    expect(commands.map((c) => c.split(' ')[0])).toEqual(['validate', 'test', 'replay', 'serve']);
    for (const command of commands.filter((c) => !c.startsWith('serve'))) {
      const { code, stderr } = await run((args, io) => runCli(args, io), command.split(' '));
      expect({ command, code, stderr }).toEqual({ command, code: 0, stderr: '' });
    }
  });
});
