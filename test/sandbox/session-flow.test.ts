import path from 'node:path';
import { createEmptyResponse } from '../../src/contract';
import { loadRuleBook } from '../../src/rules/book';
import { loadSandboxScenario } from '../../src/sandbox';
import {
  CallSessions,
  VirtualClock,
  type SandboxWebhookTarget,
  type SessionReport,
} from '../../src/sandbox/flow';
import { createIvrBot } from '../../src/sandbox/ivr';
import { LocalWebhook } from '../../src/simulation';

/** The built-in flow in-process: the IVR bot's methods on a stepped clock, the example packs as the webhook. */
const EXAMPLES = path.join(__dirname, '../../examples');

async function loadPack(pack: string): Promise<LocalWebhook> {
  const loaded = await loadRuleBook([path.join(EXAMPLES, pack)], { cwd: process.cwd() });
  if (!loaded.ok) throw new Error(`${pack} does not load`);
  return new LocalWebhook(loaded.book);
}

async function openSandbox(scenarioName: string, webhook: SandboxWebhookTarget | undefined) {
  const { scenario } = await loadSandboxScenario(
    path.join(EXAMPLES, 'sandbox', `${scenarioName}.yaml`),
    process.cwd(),
  );
  const clock = new VirtualClock(Date.parse('2026-05-01T09:00:00Z'));
  const store = new CallSessions(scenario!, { clock, ...(webhook === undefined ? {} : { webhook }) });
  const bot = createIvrBot(scenario!, store);
  const call = async (method: string, request: Record<string, unknown>) => bot[method]!(request);
  const report = (id: string): SessionReport => store.get(id)!.report();
  return { clock, call, report };
}

const eventsOf = (report: SessionReport) => report.timeline.flatMap((e) => (e.kind === 'event' ? [e] : []));

describe('the session flow', () => {
  it('verifies a trained caller: spoofing, fraud and Verify, then the decision', async () => {
    const sandbox = await openSandbox('noise-reduction', undefined);
    const started = await sandbox.call('StartIVRSession', {
      gk_scope_id: 'bank',
      call_id: 'call-1',
      recording_id: 'rec-genuine',
      ani: '+14155550142',
      custom_data: { tier: 'gold' },
    });
    const id = started.call_session_id as string;
    expect(started.status).toEqual({ status_code: 'OK' });
    await sandbox.call('SubmitPersonId', { call_session_id: id, person_id: 'C-1029384' });
    expect(await sandbox.call('GetSessionDecision', { call_session_id: id })).toEqual({
      status: { status_code: 'OK' },
    });
    await sandbox.clock.advance(4_000);
    const decided = await sandbox.call('GetSessionDecision', { call_session_id: id });
    expect(decided).toMatchObject({
      session_decision: {
        decision: 'DECISION_POSITIVE',
        decision_reason: 'DECISION_REASON_VOICEPRINT_MATCH',
      },
      verify_progress_status: { progress_status: 'PROGRESS_STATUS_COMPLETED' },
      detect_audio_spoofing_progress_status: {
        progress_status: 'PROGRESS_STATUS_COMPLETED',
        detect_audio_spoofing_progress_information: { audio_validity: { validity: 'VALIDITY_VALID' } },
      },
      detect_fraudsters_progress_status: { progress_status: 'PROGRESS_STATUS_COMPLETED' },
    });
    expect(decided.enroll_progress_status).toBeUndefined();
    await sandbox.call('EndIVRSession', { call_session_id: id, custom_data: { outcome: 'paid' } });
    const report = sandbox.report(id);
    expect(eventsOf(report).map((e) => e.event)).toEqual([
      'CALL_STARTED',
      'PERSON_IDENTIFIED',
      'AUDIO_PROGRESS',
      'AUDIO_PROGRESS',
      'SPOOF_CHECK_COMPLETED',
      'FRAUD_CHECK_COMPLETED',
      'AUDIO_PROGRESS',
      'VERIFY_COMPLETED',
      'SESSION_DECIDED',
      'AUDIO_PROGRESS',
      'CALL_ENDED',
    ]);
    expect(report.variables).toMatchObject({
      'state.sessionId': id,
      'call.ani': '+14155550142',
      'custom.tier': 'gold',
      'custom.outcome': 'paid',
      'person.id': 'C-1029384',
      'person.optIn': 'true',
      'verify.decision': 'MATCH',
      'verify.score': '0.94',
      'spoof.decision': 'GENUINE',
      'fraud.decision': 'NO_MATCH',
      'session.decision': 'AUTHENTICATED',
      'flow.Verify': 'COMPLETED',
    });
    expect(report.ended).toBe(true);
  });

  it('applies a pack’s filter to every later event, and its decision turns the webhook off', async () => {
    const sandbox = await openSandbox('noise-reduction', await loadPack('noise-reduction'));
    const { call_session_id: id } = await sandbox.call('StartIVRSession', {
      gk_scope_id: 'bank',
      call_id: 'call-2',
      recording_id: 'rec-genuine',
    });
    await sandbox.clock.advance(5_000);
    await sandbox.call('SubmitPersonId', { call_session_id: id, person_id: 'C-1029384' });
    await sandbox.clock.advance(1_000);
    await sandbox.call('EndIVRSession', { call_session_id: id });
    const events = eventsOf(sandbox.report(id as string));
    const heartbeat = events.find((e) => e.event === 'HEARTBEAT')!;
    expect(heartbeat).toMatchObject({ sent: false, reason: 'events_to_ignore', entry: 'HEARTBEAT*' });
    expect(events.find((e) => e.event === 'AUDIO_PROGRESS' && !e.sent)).toMatchObject({
      reason: 'keys_to_ignore',
    });
    expect(events.find((e) => e.event === 'CALL_ENDED')).toMatchObject({
      sent: false,
      reason: 'webhook_disabled',
    });
  });

  it('never runs a node the webhook disabled, and runs the operations it schedules', async () => {
    const sandbox = await openSandbox('enrollment-after-opt-in', await loadPack('enrollment-after-opt-in'));
    const { call_session_id: id } = await sandbox.call('StartIVRSession', {
      gk_scope_id: 'bank',
      call_id: 'call-3',
      recording_id: 'rec-consent',
    });
    await sandbox.call('SubmitPersonId', { call_session_id: id, person_id: 'C-4040404' });
    await sandbox.clock.advance(10_000);
    await sandbox.call('SubmitOptIn', { call_session_id: id });
    await sandbox.clock.advance(10_000);
    let report = sandbox.report(id as string);
    // Consent, enough audio for the built-in ProcessAudioForEnroll, but Enroll is disabled: it never starts.
    expect(report.nodes.Enroll).toEqual({ enabled: false, progress: 'NOT_STARTED' });
    expect(report.nodes.ProcessAudioForEnroll.progress).toBe('COMPLETED');
    await sandbox.clock.advance(8_000);
    report = sandbox.report(id as string);
    const scheduled = report.timeline.find((e) => e.kind === 'action');
    expect(scheduled).toMatchObject({ action: 'Enroll', executed: true });
    expect(report.nodes.Enroll.progress).toBe('COMPLETED');
    expect(report.nodes.Train.progress).toBe('COMPLETED');
    expect(report.variables).toMatchObject({
      'person.enrollStatus': 'TRAINED',
      'enrollment.state': 'ENROLL_REQUESTED',
    });
    await sandbox.clock.advance(15_000);
    expect(await sandbox.call('GetSessionDecision', { call_session_id: id })).toMatchObject({
      session_decision: { decision: 'DECISION_NOT_AVAILABLE', decision_reason: 'DECISION_REASON_AUDIO_OK' },
      enroll_progress_status: {
        progress_status: 'PROGRESS_STATUS_COMPLETED',
        enroll_progress_information: { enroll_status: 'ENROLL_STATUS_PARTIALLY_ENROLLED' },
      },
      train_progress_status: { train_progress_information: { train_status: 'TRAIN_STATUS_TRAINED' } },
      process_audio_for_enroll_progress_status: {
        process_audio_for_enroll_progress_information: {
          current_net_audio: '30s',
          min_net_audio_required_for_enroll: '3s',
        },
      },
    });
  });

  it('goes on without the webhook’s instructions when it answers an error or fails, and records why', async () => {
    const failing: SandboxWebhookTarget = {
      call: (_session, variables) => {
        if (variables['state.currentEvent'] === 'CALL_STARTED') throw new Error('connection refused');
        const response = { ...createEmptyResponse(), result_code: 500 };
        response.nodes_to_override = [{ node_names: ['Verify'], enable: false }];
        return { response, fired: null };
      },
    };
    const sandbox = await openSandbox('noise-reduction', failing);
    const { call_session_id: id } = await sandbox.call('StartIVRSession', {
      gk_scope_id: 'bank',
      call_id: 'call-4',
      recording_id: 'rec-genuine',
    });
    await sandbox.call('SubmitPersonId', { call_session_id: id, person_id: 'C-1029384' });
    await sandbox.clock.advance(4_000);
    const report = sandbox.report(id as string);
    const answers = report.timeline.flatMap((e) => (e.kind === 'answer' ? [e] : []));
    expect(answers[0]).toMatchObject({
      result_code: null,
      failure: { kind: 'internal', message: 'connection refused' },
      problem: 'the webhook call failed (internal): connection refused',
    });
    expect(answers[1]).toMatchObject({
      result_code: 500,
      nodes_to_override: [{ node_names: ['Verify'], enable: false }],
      failure: { kind: 'result_code', message: 'result_code 500' },
      problem: expect.stringMatching(/^result_code 500/),
    });
    expect(report.webhook_failures).toBe(answers.length);
    expect(report.nodes.Verify).toEqual({ enabled: true, progress: 'COMPLETED' });
  });

  it('validates the requests: required fields, and only session ids it handed out', async () => {
    const sandbox = await openSandbox('noise-reduction', undefined);
    expect(
      await sandbox.call('StartIVRSession', { gk_scope_id: 'bank', recording_id: 'rec-genuine' }),
    ).toEqual({
      status: {
        status_code: 'INVALID_REQUEST',
        status_message: { locale: 'en-US', message: 'call_id is required' },
        field_violations: [{ field: 'call_id', description: 'call_id is required' }],
      },
    });
    // The example's "*" recording takes any id an IVR sends.
    expect(
      await sandbox.call('StartIVRSession', { gk_scope_id: 'b', call_id: 'c-any', recording_id: 'rec-x' }),
    ).toEqual({ status: { status_code: 'OK' }, call_session_id: expect.stringMatching(/^cs-/) });
    for (const method of ['SubmitPersonId', 'SubmitOptIn', 'GetSessionDecision', 'EndIVRSession']) {
      expect(await sandbox.call(method, { person_id: 'p' })).toMatchObject({
        status: { status_code: 'INVALID_REQUEST', field_violations: [{ field: 'call_session_id' }] },
      });
      expect(await sandbox.call(method, { call_session_id: 'cs-made-up', person_id: 'p' })).toMatchObject({
        status: { status_code: 'NOT_FOUND', field_violations: [{ field: 'call_session_id' }] },
      });
    }
    const { call_session_id: id } = await sandbox.call('StartIVRSession', {
      gk_scope_id: 'bank',
      call_id: 'c',
      recording_id: 'rec-genuine',
    });
    expect(await sandbox.call('SubmitPersonId', { call_session_id: id })).toMatchObject({
      status: { status_code: 'INVALID_REQUEST', field_violations: [{ field: 'person_id' }] },
    });
    await sandbox.call('SubmitPersonId', { call_session_id: id, person_id: 'C-1029384' });
    expect(await sandbox.call('SubmitPersonId', { call_session_id: id, person_id: 'C-1' })).toMatchObject({
      status: { status_code: 'ALREADY_EXISTS' },
    });
    await sandbox.call('EndIVRSession', { call_session_id: id });
    expect(await sandbox.call('SubmitOptIn', { call_session_id: id })).toMatchObject({
      status: { status_code: 'NOT_FOUND' },
    });
    expect(await sandbox.call('GetSessionDecision', { call_session_id: id })).toMatchObject({
      status: { status_code: 'OK' },
    });
  });
});
