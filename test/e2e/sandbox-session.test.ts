import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chooseSandboxWebhook } from '../../src/cli/commands/sandbox/sandbox-webhook';
import {
  loadSandboxScenario,
  startSandbox,
  VirtualClock,
  type RunningSandbox,
  type SessionReport,
} from '../../src/sandbox';
import { createMemoryIO } from '../support/memory-io';
import { callHttp, createSandboxGrpcClient } from '../support/sandbox-clients';
import { startServeProcess, type ServeProcess } from '../support/serve-process';

/**
 * The acceptance of the session flow: an IVR written against the spec runs a whole call through the sandbox
 * (over HTTP, then over gRPC), while `rulehook serve` (the built CLI) answers the events with two example
 * packs: fraud-and-spoofing disables Verify once spoofing is detected, noise-reduction filters the events
 * that only move the audio counters. The sandbox's clock is stepped by the test: nothing waits on real time.
 */
const EXAMPLES = path.join(__dirname, '../../examples');
let rulesDir: string;
let server: ServeProcess;

beforeAll(async () => {
  rulesDir = await mkdtemp(path.join(tmpdir(), 'sandbox-e2e-'));
  await copyFile(path.join(EXAMPLES, 'fraud-and-spoofing/catalog.yaml'), path.join(rulesDir, 'catalog.yaml'));
  await copyFile(path.join(EXAMPLES, 'fraud-and-spoofing/risk.yaml'), path.join(rulesDir, 'risk.yaml'));
  await copyFile(path.join(EXAMPLES, 'noise-reduction/noise.yaml'), path.join(rulesDir, 'noise.yaml'));
  server = await startServeProcess(['--rules', rulesDir, '--expose-fired']);
});

afterAll(async () => {
  server.child.kill('SIGTERM');
  await server.exited;
  await rm(rulesDir, { recursive: true, force: true });
});

const NO_ACCESS_FILES = { tokenFile: undefined, ca: undefined, cert: undefined, key: undefined };

async function openSandbox(
  webhook: string,
): Promise<{ sandbox: RunningSandbox; clock: VirtualClock; close: () => Promise<void> }> {
  const { scenario } = await loadSandboxScenario(
    path.join(EXAMPLES, 'sandbox/fraud-and-spoofing.yaml'),
    process.cwd(),
  );
  const chosen = await chooseSandboxWebhook(
    { webhook, rules: undefined, webhookTimeoutMs: 5_000, webhookAccess: NO_ACCESS_FILES, engine: {} },
    createMemoryIO(),
  );
  if (!chosen.ok) throw new Error(chosen.message);
  const clock = new VirtualClock(Date.parse('2026-05-01T09:00:00Z'));
  const sandbox = await startSandbox(scenario!, {
    host: '127.0.0.1',
    httpPort: 0,
    grpcPort: 0,
    maxMessageBytes: 1 << 20,
    clock,
    webhook: chosen.webhook!,
  });
  return { sandbox, clock, close: async () => (await sandbox.close(), chosen.close()) };
}

/** What both runs show: the filtered event never reached the webhook, the disabled node never ran. */
function expectPacksAtWork(report: SessionReport): void {
  const events = report.timeline.flatMap((e) => (e.kind === 'event' ? [e] : []));
  const answered = new Set(report.timeline.flatMap((e) => (e.kind === 'answer' ? [e.seq] : [])));
  const filtered = events.find((e) => e.event === 'AUDIO_PROGRESS' && !e.sent)!;
  expect(filtered).toMatchObject({
    reason: 'keys_to_ignore',
    entry: expect.stringMatching(/^(audio|vad)\.\*$/),
  });
  expect(answered.has(filtered.seq)).toBe(false);
  expect(report.timeline).toContainEqual(
    expect.objectContaining({ kind: 'node', node: 'Verify', state: 'DISABLED' }),
  );
  expect(report.nodes.Verify).toEqual({ enabled: false, progress: 'NOT_STARTED' });
  expect(events.map((e) => e.event)).not.toContain('VERIFY_COMPLETED');
  expect(
    report.timeline
      .filter((e) => e.kind === 'node' && e.node === 'Verify')
      .map((e) => e.kind === 'node' && e.state),
  ).toEqual(['DISABLED']);
  const spoofAnswer = report.timeline.find(
    (e) => e.kind === 'answer' && e.fired?.includes('fraud-and-spoofing/spoof-suspected') === true,
  );
  expect(spoofAnswer).toMatchObject({
    nodes_to_override: [{ node_names: ['Verify', 'Enroll', 'Train'], enable: false }],
  });
  expect(report.variables).toMatchObject({
    'risk.level': 'HIGH',
    'spoof.decision': 'SPOOF',
    'custom.channel': 'ivr',
  });
  expect(events.at(-1)).toMatchObject({ event: 'CALL_ENDED', sent: true });
}

const DECIDED = {
  decision: 'DECISION_NEGATIVE',
  decision_reason: 'DECISION_REASON_SYNTHETIC_SPEECH_DETECTED',
};

it('runs a whole call over HTTP, the webhook over HTTP', async () => {
  const { sandbox, clock, close } = await openSandbox(`http://127.0.0.1:${server.httpPort}`);
  try {
    const base = `http://127.0.0.1:${sandbox.http!.port}`;
    const started = await callHttp(base, 'POST', '/v1/ivr-bot/bank/sessions', {
      call_id: 'e2e-http',
      recording_id: 'rec-synthetic',
      ani: '+14155550142',
      custom_data: { channel: 'ivr' },
    });
    expect(started.status).toBe(200);
    const id = started.body.call_session_id as string;
    expect(
      (await callHttp(base, 'PATCH', `/v1/ivr-bot/sessions/${id}/person`, { person_id: 'C-1029384' })).status,
    ).toBe(200);
    expect((await callHttp(base, 'POST', `/v1/ivr-bot/sessions/${id}:optin`, {})).status).toBe(200);
    let polled = await callHttp(base, 'GET', `/v1/ivr-bot/sessions/${id}/decision`);
    for (let polls = 0; polled.body.session_decision === undefined && polls < 30; polls++) {
      await clock.advance(1_000);
      polled = await callHttp(base, 'GET', `/v1/ivr-bot/sessions/${id}/decision`);
    }
    expect(polled.body).toMatchObject({
      session_decision: DECIDED,
      detect_audio_spoofing_progress_status: { progress_status: 'PROGRESS_STATUS_COMPLETED' },
    });
    expect(polled.body.verify_progress_status).toBeUndefined();
    expect((await callHttp(base, 'DELETE', `/v1/ivr-bot/sessions/${id}`)).status).toBe(200);
    const report = (await callHttp(base, 'GET', `/v1/sandbox/sessions/${id}`))
      .body as unknown as SessionReport;
    expectPacksAtWork(report);
  } finally {
    await close();
  }
});

it('runs a whole call over gRPC, the webhook over gRPC', async () => {
  const { sandbox, clock, close } = await openSandbox(`grpc://127.0.0.1:${server.grpcPort}`);
  const ivr = createSandboxGrpcClient(`127.0.0.1:${sandbox.grpc!.port}`, 'IVRBot');
  try {
    const started = await ivr.call('StartIVRSession', {
      gk_scope_id: 'bank',
      call_id: 'e2e-grpc',
      recording_id: 'rec-synthetic',
      custom_data: { channel: 'ivr' },
    });
    expect(started.status).toMatchObject({ status_code: 'OK' });
    const id = started.call_session_id as string;
    expect(await ivr.call('SubmitPersonId', { call_session_id: id, person_id: 'C-1029384' })).toMatchObject({
      status: { status_code: 'OK' },
    });
    await ivr.call('SubmitOptIn', { call_session_id: id });
    let polled = await ivr.call('GetSessionDecision', { call_session_id: id });
    for (let polls = 0; !polled.session_decision && polls < 30; polls++) {
      await clock.advance(1_000);
      polled = await ivr.call('GetSessionDecision', { call_session_id: id });
    }
    expect(polled.session_decision).toMatchObject(DECIDED);
    expect(
      await ivr.call('EndIVRSession', { call_session_id: id, custom_data: { result: 'agent' } }),
    ).toMatchObject({
      status: { status_code: 'OK' },
    });
    const report = sandbox.sessions.get(id)!.report();
    expectPacksAtWork(report);
    expect(report.variables['custom.result']).toBe('agent');
  } finally {
    ivr.close();
    await close();
  }
});

it('serves a timeline that says which calls of an unreachable webhook failed, and counts them', async () => {
  const closed = net.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const { port } = closed.address() as net.AddressInfo;
  await new Promise((resolve) => closed.close(resolve));
  const { sandbox, close } = await openSandbox(`grpc://127.0.0.1:${port}`);
  try {
    const base = `http://127.0.0.1:${sandbox.http!.port}`;
    const started = await callHttp(base, 'POST', '/v1/ivr-bot/bank/sessions', {
      call_id: 'e2e-unreachable',
      recording_id: 'rec-synthetic',
    });
    const id = started.body.call_session_id as string;
    await callHttp(base, 'PATCH', `/v1/ivr-bot/sessions/${id}/person`, { person_id: 'C-1029384' });
    const report = (await callHttp(base, 'GET', `/v1/sandbox/sessions/${id}`))
      .body as unknown as SessionReport;
    const answers = report.timeline.filter((e) => e.kind === 'answer');
    expect(answers.length).toBeGreaterThanOrEqual(2);
    for (const answer of answers)
      expect(answer).toMatchObject({ result_code: null, failure: { kind: 'connect' } });
    expect(report.webhook_failures).toBe(answers.length);
  } finally {
    await close();
  }
});
