import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createMemoryIO } from '../../../../test/support/memory-io';
import { runCli } from '../../main';
import { parseSandboxOptions } from './sandbox-options';

const REPO = path.join(__dirname, '../../../..');

interface PlayedJson {
  sessions: { timeline: { kind: string; event?: string; delta?: string[] }[] }[];
}

/** `sandbox run` of the noise-reduction scenario through its pack in-process, with `extra` options. */
async function playNoiseReduction(extra: string[]): Promise<PlayedJson> {
  const io = createMemoryIO({ cwd: REPO });
  const args = [
    'sandbox',
    'run',
    'examples/sandbox/noise-reduction.yaml',
    '--rules',
    'examples/noise-reduction',
  ];
  expect(await runCli([...args, '--format', 'json', ...extra], io)).toBe(0);
  return JSON.parse(io.out()) as PlayedJson;
}

const deltaOf = (played: PlayedJson, event: string) =>
  played.sessions[0]!.timeline.find((e) => e.kind === 'event' && e.event === event)!.delta;

describe('rulehook sandbox run --engine-*', () => {
  it("shows the webhook's own updates in the next delta only when the engine counts them as changes", async () => {
    const applied = await playNoiseReduction([]);
    const changes = await playNoiseReduction(['--engine-own-updates', 'changes']);
    expect(deltaOf(applied, 'PERSON_IDENTIFIED')).not.toContain('rulehook.filter');
    expect(deltaOf(changes, 'PERSON_IDENTIFIED')).toContain('rulehook.filter');
  });

  it('refuses a value the engine model does not have', async () => {
    const io = createMemoryIO({ cwd: REPO });
    const args = [
      'sandbox',
      'run',
      'examples/sandbox/noise-reduction.yaml',
      '--engine-later-filter',
      'merges',
    ];
    expect(await runCli(args, io)).toBe(2);
    expect(io.err()).toContain('--engine-later-filter');
  });

  it('gives the served sandbox the same three choices', () => {
    const parsed = parseSandboxOptions(['--scenario', 's.yaml', '--engine-empty-delta', 'filtered']);
    expect(parsed).toMatchObject({
      ok: true,
      options: { engine: { ownUpdates: 'applied', emptyDelta: 'filtered', laterFilter: 'replaces' } },
    });
  });
});

describe('rulehook sandbox run, a step expecting a status', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sandbox-run-'));
  /** Plays one GetSessionDecision of a session the sandbox never opened (NOT_FOUND), expecting `status`. */
  async function playExpecting(status: string, format = 'text') {
    const file = path.join(dir, `expect-${status}.yaml`);
    const step = { operation: 'GetSessionDecision', request: { call_session_id: 'cs-none' } };
    writeFileSync(file, `ivr_steps:\n  - ${JSON.stringify({ ...step, expect_status: status })}\n`);
    const io = createMemoryIO({ cwd: dir });
    const code = await runCli(['sandbox', 'run', file, '--format', format], io);
    return { code, out: io.out(), err: io.err() };
  }

  it('passes when the step answers the status it expects', async () => {
    const { code, out, err } = await playExpecting('NOT_FOUND');
    expect(code).toBe(0);
    expect(out).toMatch(/^GetSessionDecision +NOT_FOUND \(as expected\): /);
    expect(err).toBe('');
  });

  it('fails when it answers another, naming the step on stderr and in the JSON', async () => {
    const text = await playExpecting('OK');
    expect(text.code).toBe(1);
    expect(text.out).toMatch(/^GetSessionDecision +NOT_FOUND \(expected OK\): /);
    expect(text.err).toBe(
      'rulehook sandbox run: 1 step answered another status than expected:\n' +
        '  step 1 GetSessionDecision: NOT_FOUND, expected OK\n',
    );
    const json = await playExpecting('OK', 'json');
    expect(JSON.parse(json.out)).toMatchObject({
      passed: false,
      step_failures: [
        { step: 1, operation: 'GetSessionDecision', status_code: 'NOT_FOUND', expected_status: 'OK' },
      ],
      webhook_failures: [],
    });
  });
});

describe('rulehook sandbox run --start-time', () => {
  it('starts the simulated clock there: every run has the same timeline', async () => {
    const options = ['--start-time', '2026-05-01T11:00:00+02:00'];
    const [first, second] = [await playNoiseReduction(options), await playNoiseReduction(options)];
    const times = (played: PlayedJson) =>
      (played.sessions[0]!.timeline as unknown as { at: string }[]).map((e) => e.at);
    expect(times(first)[0]).toBe('2026-05-01T09:00:00.000Z');
    expect(times(second)).toEqual(times(first));
  });

  it('refuses a time without its offset', async () => {
    const io = createMemoryIO({ cwd: REPO });
    const args = [
      'sandbox',
      'run',
      'examples/sandbox/noise-reduction.yaml',
      '--start-time',
      '2026-05-01T09:00',
    ];
    expect(await runCli(args, io)).toBe(2);
    expect(io.err()).toContain('--start-time expects an RFC 3339 date-time with its offset');
  });
});
