import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCliProcess } from '../support/run-cli-process';

/**
 * The built binary, as a user runs it in a pack: a test written from a recorded call passes, fails once a
 * rule changes an answer, and passes again after --update, which shows the change.
 */
describe('rulehook test --from-recording, end to end', () => {
  let pack: string;
  beforeAll(async () => {
    const work = await mkdtemp(path.join(tmpdir(), 'rulehook-from-recording-e2e-'));
    pack = path.join(work, 'fraud-and-spoofing');
    await cp(path.resolve(__dirname, '../../examples/fraud-and-spoofing'), pack, { recursive: true });
  });
  afterAll(async () => {
    await rm(path.dirname(pack), { recursive: true, force: true });
  });

  it('writes, runs, fails after a rule change, updates', async () => {
    const cli = (...args: string[]) => runCliProcess(args, 20_000, { cwd: pack });
    const recording = 'recordings/2024-06-11-risk-calls.jsonl';
    const write = await cli('test', '--from-recording', recording, '--write', 'risk-calls.test.yaml');
    expect({ code: write.code, stderr: write.stderr }).toEqual({ code: 0, stderr: '' });
    expect(write.stdout).toMatch(/^wrote risk-calls.test.yaml: 8 tests, \d+ events from recordings\//);

    expect((await cli('test', 'risk-calls.test.yaml')).stdout).toMatch(/\n8 passed, 0 failed\n$/);

    const rules = path.join(pack, 'risk.yaml');
    await writeFile(
      rules,
      (await readFile(rules, 'utf8')).replaceAll('severity: critical', 'severity: high'),
    );
    const failing = await cli('test', 'risk-calls.test.yaml');
    expect(failing.code).toBe(1);
    expect(failing.stdout).toContain('actual:   "high"');

    const update = await cli('test', '--update', '--write', 'risk-calls.test.yaml');
    expect(update.code).toBe(0);
    expect(update.stdout).toMatch(/\n +- +severity: critical\n +\+ +severity: high\n/);
    // --update runs the file it wrote, as `rulehook test` does.
    expect(update.stdout).toMatch(/\nrulehook test risk-calls.test.yaml: 8 passed, 0 failed\n$/);
  }, 90_000);
});
