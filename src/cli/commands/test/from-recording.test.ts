import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { createMemoryIO } from '../../../../test/support/memory-io';
import type { ScenarioFileSpec } from '../../../testing/scenario/scenario-spec';
import { runReplay } from '../replay/replay';
import { runTest } from './test';

const EXAMPLES = path.resolve(__dirname, '../../../../examples');

/** Each example pack, its recording, and a rule change that alters an answer of that recording. */
const PACKS = [
  {
    pack: 'enrollment-after-opt-in',
    calls: 8,
    recording: 'recordings/2024-06-11-consent-calls.jsonl',
    edit: {
      file: 'enrollment.yaml',
      from: 'enrollment.state: ENROLL_REQUESTED',
      to: 'enrollment.state: ENROLLING',
    },
  },
  {
    pack: 'fraud-and-spoofing',
    calls: 8,
    recording: 'recordings/2024-06-11-risk-calls.jsonl',
    edit: { file: 'risk.yaml', from: 'severity: critical', to: 'severity: high' },
  },
  {
    pack: 'noise-reduction',
    calls: 6,
    recording: 'recordings/2024-06-11-busy-hour.jsonl',
    edit: { file: 'noise.yaml', from: 'webhook.mode: SILENCED', to: 'webhook.mode: MUTED' },
  },
];

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'rulehook-from-recording-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

async function copyPack(pack: string): Promise<string> {
  const to = path.join(dir, pack);
  await cp(path.join(EXAMPLES, pack), to, { recursive: true });
  return to;
}

async function run(args: string[], cwd: string) {
  const io = createMemoryIO({ cwd });
  const code = await runTest(args, io);
  return { code, stdout: io.out(), stderr: io.err() };
}
const lastLine = (text: string) => text.trimEnd().split('\n').pop();

describe.each(PACKS)('rulehook test --from-recording, $pack', ({ pack, calls, recording, edit }) => {
  it('writes tests that pass, fail after a rule change, and pass again after --update', async () => {
    const cwd = await copyPack(pack);
    const written = await run(['--from-recording', recording, '--write', 'recorded.test.yaml'], cwd);
    expect(written.stderr).toBe('');
    expect(written.code).toBe(0);
    expect(written.stdout).toMatch(
      new RegExp(`^wrote recorded.test.yaml: ${calls} tests, \\d+ events from ${recording}\\n`),
    );
    const passing = await run(['recorded.test.yaml'], cwd);
    expect({ code: passing.code, last: lastLine(passing.stdout) }).toEqual({
      code: 0,
      last: `${calls} passed, 0 failed`,
    });

    const rules = path.join(cwd, edit.file);
    const text = await readFile(rules, 'utf8');
    expect(text).toContain(edit.from);
    await writeFile(rules, text.replaceAll(edit.from, edit.to));
    const failing = await run(['recorded.test.yaml'], cwd);
    expect(failing.code).toBe(1);
    expect(failing.stdout).toContain('✗ cs-20240611-');
    expect(failing.stdout).toContain(`actual:   ${JSON.stringify(edit.to.split(': ')[1])}`);

    const updated = await run(['--update', '--write', 'recorded.test.yaml'], cwd);
    expect(updated.code).toBe(0);
    expect(updated.stdout).toMatch(
      /^recorded.test.yaml: expectations updated \(- before, \+ now\):\n {2}cs-/,
    );
    expect(updated.stdout).toMatch(new RegExp(`\\n +- +${escape(edit.from)}\\n +\\+ +${escape(edit.to)}\\n`));
    expect(lastLine(updated.stdout)).toBe(`rulehook test recorded.test.yaml: ${calls} passed, 0 failed`);
    expect(lastLine((await run(['recorded.test.yaml'], cwd)).stdout)).toBe(`${calls} passed, 0 failed`);

    const again = await run(['--update', '--write', 'recorded.test.yaml'], cwd);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`recorded.test.yaml: no expectation changed (${calls} tests`);
    // Seven runs of the command over a pack's recording: seconds on a loaded machine.
  }, 30_000);

  it('means what replay shows: the same events sent or filtered, the same rules fired', async () => {
    const cwd = await copyPack(pack);
    await run(['--from-recording', recording, '--write', 'recorded.test.yaml'], cwd);
    const spec = parse(await readFile(path.join(cwd, 'recorded.test.yaml'), 'utf8')) as ScenarioFileSpec;
    const io = createMemoryIO({ cwd });
    expect(await runReplay(['--rules', '.', '--format', 'jsonl', recording], { ...io, cwd })).toBe(0);
    const replayed = io
      .out()
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { session: string; sent: boolean; fired: string[] | null });
    for (const test of spec.tests!) {
      const outcomes = replayed.filter((r) => r.session === test.session);
      expect(test.events!.map((e) => [e.expect!.sent ?? true, e.expect!.fired ?? null])).toEqual(
        outcomes.map((r) => [r.sent, r.sent ? r.fired : null]),
      );
    }
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe('docs/testing.md, "Tests from recorded calls"', () => {
  it('shows what the command prints and the top of the file it writes', async () => {
    const doc = await readFile(path.resolve(__dirname, '../../../../docs/testing.md'), 'utf8');
    const section = doc.slice(doc.indexOf('\n## Tests from recorded calls\n'));
    const blocks = [...section.matchAll(/```(\w*)\n([\s\S]*?)```/g)].map((m) => m[2]!);
    const cwd = await copyPack('enrollment-after-opt-in');
    const args = ['--from-recording', 'recordings/2024-06-11-consent-calls.jsonl'];
    args.push('--session', 'cs-20240611-a41d07', '--write', 'consent-call.test.yaml');
    expect(blocks[0]).toContain(
      `rulehook test ${args.slice(0, 4).join(' ')} \\\n  ${args.slice(4).join(' ')}\n`,
    );
    const { stdout } = await run(args, cwd);
    expect(blocks[1]).toBe(stdout);
    const text = await readFile(path.join(cwd, 'consent-call.test.yaml'), 'utf8');
    const top = blocks[2]!.slice(0, blocks[2]!.indexOf('      - event: CALL_STARTED'));
    expect(text.startsWith(top)).toBe(true);
  });
});
