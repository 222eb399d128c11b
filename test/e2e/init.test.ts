import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCliProcess } from '../support/run-cli-process';

/** The built binary, as a user runs it: init, then validate, test and replay pass on the new pack. */
describe('rulehook init, end to end', () => {
  let work: string;
  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'rulehook-init-e2e-'));
  });
  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it('creates a pack that validate --strict, test and replay pass, from outside it and inside it', async () => {
    const init = await runCliProcess(['init', 'rules'], 20_000, { cwd: work });
    expect({ code: init.code, stderr: init.stderr }).toEqual({ code: 0, stderr: '' });
    expect(init.stdout).toContain('npx rulehook validate --strict rules');

    const validate = await runCliProcess(['validate', '--strict', 'rules'], 20_000, { cwd: work });
    expect({ code: validate.code, stdout: validate.stdout }).toEqual({
      code: 0,
      stdout: '0 errors, 0 warnings in 3 files\n',
    });

    const test = await runCliProcess(['test', 'rules'], 20_000, { cwd: work });
    expect(test.code).toBe(0);
    expect(test.stdout).toMatch(/\n7 passed, 0 failed\n$/);

    const recording = 'rules/recordings/sample-calls.jsonl';
    const replay = await runCliProcess(['replay', '--rules', 'rules', recording, '--strict'], 20_000, {
      cwd: work,
    });
    expect({ code: replay.code, stderr: replay.stderr }).toEqual({ code: 0, stderr: '' });
    expect(replay.stdout).toMatch(/events +16 from 1 file/);

    const pack = path.join(work, 'rules');
    const testInside = await runCliProcess(['test'], 20_000, { cwd: pack });
    expect(testInside.code).toBe(0);
    expect(testInside.stdout).toMatch(/\n7 passed, 0 failed\n$/);
    const replayInside = await runCliProcess(['replay', '--format', 'summary'], 20_000, { cwd: pack });
    expect(replayInside.code).toBe(0);
    expect(replayInside.stdout).toMatch(/events +16 from 1 file/);
    // The README's test from a recorded call: written, then run with the pack's other tests.
    const written = await runCliProcess(
      ['test', '--from-recording', 'recordings/sample-calls.jsonl', '--write', 'recorded.test.yaml'],
      20_000,
      { cwd: pack },
    );
    expect({ code: written.code, stderr: written.stderr }).toEqual({ code: 0, stderr: '' });
    const withRecorded = await runCliProcess(['test'], 20_000, { cwd: pack });
    expect(withRecorded.code).toBe(0);
    expect(withRecorded.stdout).toContain('recorded.test.yaml');

    const schemaLine = (await readFile(path.join(pack, 'starter.yaml'), 'utf8')).split('\n')[0];
    expect(schemaLine).toBe(
      `# yaml-language-server: $schema=${path.relative(pack, path.resolve(__dirname, '../../schema/rules.schema.json')).split(path.sep).join('/')}`,
    );
  }, 90_000);
});
