import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCli } from '../../src/cli/main';
import type { PlayedScript, TimelineEntry } from '../../src/sandbox';
import { createMemoryIO } from '../../test/support/memory-io';

/** Each example pack's sandbox scenario, played by `rulehook sandbox run` with the pack in-process. */
const REPO = path.join(__dirname, '../..');

async function play(pack: string, format: 'json' | 'text' = 'json'): Promise<{ code: number; out: string }> {
  const io = createMemoryIO({ cwd: REPO });
  const args = [
    'sandbox',
    'run',
    `examples/sandbox/${pack}.yaml`,
    '--rules',
    `examples/${pack}`,
    '--format',
    format,
  ];
  const code = await runCli(args, io);
  return { code, out: io.out() };
}

async function playSession(pack: string) {
  const { code, out } = await play(pack);
  expect(code).toBe(0);
  const played = JSON.parse(out) as PlayedScript;
  expect(played.sessions).toHaveLength(1);
  const session = played.sessions[0]!;
  const events = session.timeline.flatMap((e: TimelineEntry) => (e.kind === 'event' ? [e] : []));
  return { played, session, events };
}

it('fraud-and-spoofing: spoofing detected first, Verify disabled and never run, the call not authenticated', async () => {
  const { session, events } = await playSession('fraud-and-spoofing');
  expect(session.decision).toEqual({ decision: 'NEGATIVE', reason: 'SYNTHETIC_SPEECH_DETECTED' });
  expect(session.nodes.Verify).toEqual({ enabled: false, progress: 'NOT_STARTED' });
  expect(events.map((e) => e.event)).not.toContain('VERIFY_COMPLETED');
  expect(session.variables['risk.level']).toBe('HIGH');
});

it('enrollment-after-opt-in: the built-in Enroll held back, the pack’s own enrollment at 20 s, then Train', async () => {
  const { session } = await playSession('enrollment-after-opt-in');
  expect(session.nodes.Enroll).toEqual({ enabled: false, progress: 'COMPLETED' });
  const enroll = session.timeline.find((e) => e.kind === 'action' && e.action === 'Enroll');
  expect(enroll).toMatchObject({ executed: true, parameters: { person_id: 'C-4040404' } });
  expect(session.variables).toMatchObject({
    'person.enrollStatus': 'TRAINED',
    'enrollment.state': 'ENROLL_REQUESTED',
  });
  expect(session.decision).toEqual({ decision: 'NOT_AVAILABLE', reason: 'AUDIO_OK' });
});

it('noise-reduction: counters and heartbeats filtered, the webhook off after the decision', async () => {
  const { session, events } = await playSession('noise-reduction');
  expect(session.decision).toEqual({ decision: 'POSITIVE', reason: 'VOICEPRINT_MATCH' });
  expect(events.filter((e) => e.event === 'AUDIO_PROGRESS' && !e.sent).length).toBeGreaterThan(0);
  expect(events.find((e) => e.event === 'CALL_ENDED')).toMatchObject({
    sent: false,
    reason: 'webhook_disabled',
  });
});

it('prints the same timeline as text, one line per entry', async () => {
  const { code, out } = await play('noise-reduction', 'text');
  expect(code).toBe(0);
  expect(out).toMatch(/^StartIVRSession +OK$/m);
  expect(out).toMatch(/^ {2}\+ +1\.000s {2}#\d+ AUDIO_PROGRESS +FILTERED by keys_to_ignore audio\.\*$/m);
  expect(out).toContain('  decision: POSITIVE (VOICEPRINT_MATCH)\n');
});

it('fails when a step does not answer OK or there is nothing to play', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sandbox-run-'));
  writeFileSync(path.join(dir, 'bad-step.yaml'), 'ivr_steps:\n  - { operation: SubmitOptIn }\n');
  writeFileSync(path.join(dir, 'no-steps.yaml'), 'persons: []\n');
  const io = createMemoryIO({ cwd: dir });
  expect(await runCli(['sandbox', 'run', 'bad-step.yaml'], io)).toBe(1);
  expect(io.out()).toMatch(/^SubmitOptIn +INVALID_REQUEST \(expected OK\): call_session_id is required$/m);
  const empty = createMemoryIO({ cwd: dir });
  expect(await runCli(['sandbox', 'run', 'no-steps.yaml'], empty)).toBe(1);
  expect(empty.err()).toContain('no-steps.yaml has no ivr_steps to play');
  expect(await runCli(['sandbox', 'run'], createMemoryIO())).toBe(2);
});
