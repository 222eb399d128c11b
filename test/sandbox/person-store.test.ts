import type { RunningSandbox } from '../../src/sandbox';
import { VirtualClock } from '../../src/sandbox/flow';
import { loadSandboxBindings } from '../../src/sandbox/hosts';
import { writeJsonForm } from '../../src/sandbox/wire';
import { callHttp, createSandboxGrpcClient, serveSandbox } from '../support/sandbox-clients';

/**
 * The person store as the calls change it, over the real hosts: sessions alternate between HTTP and
 * gRPC, and each reads what the sessions before it left.
 */
const SCENARIO = `
configuration: { lock_after_mismatches: 2 }
persons:
  - { id: P-MIS, enroll_status: TRAINED, opt_in: { at: "2026-01-15T09:30:00Z" } }
  - id: P-OFFSET
    opt_out: { at: "2026-01-15T09:30:00+02:00", offer_opt_in_at: "2026-02-01T00:00:00.5-05:00" }
    lock: { locked: false, at: "2026-01-20T10:00:00z" }
  - { id: P-OUT, opt_out: { at: "2026-04-01T00:00:00Z", offer_opt_in_at: "2026-12-01T00:00:00Z" } }
  - { id: P-BACK, opt_out: { at: "2026-01-01T00:00:00Z", offer_opt_in_at: "2026-02-01T00:00:00Z" } }
media:
  - { id: seg-match, duration: 6, net_audio: 5 }
  - { id: seg-mismatch, duration: 6, net_audio: 5 }
outcomes:
  - { operation: verify, decision: POSITIVE, score: 0.9 }
  - { operation: verify, media: seg-mismatch, decision: NEGATIVE, score: 0.1 }
recordings:                             # each call its own id, as an IVR sends them
  - { recording_id: "rec-match*", media: seg-match }
  - { recording_id: "rec-mismatch*", media: seg-mismatch }
`;
let calls = 0;
/** `id` made unique: a live session's call_id and recording_id are its own. */
const unique = (id: string): string => `${id}-${(calls += 1)}`;
const clock = new VirtualClock(Date.parse('2026-05-01T09:00:00Z'));
let sandbox: RunningSandbox;
let base: string;
let grpcClient: ReturnType<typeof createSandboxGrpcClient>;

beforeAll(async () => {
  sandbox = await serveSandbox({ text: SCENARIO }, clock);
  base = `http://127.0.0.1:${sandbox.http!.port}`;
  grpcClient = createSandboxGrpcClient(`127.0.0.1:${sandbox.grpc!.port}`, 'IVRBot');
});

afterAll(async () => {
  grpcClient.close();
  await sandbox.close();
});

async function grpcJson(method: string, request: object): Promise<Record<string, unknown>> {
  const type = loadSandboxBindings().find((b) => b.name === method)!.responseType;
  return writeJsonForm(type, await grpcClient.call(method, request));
}

const personStatus = async (person: string) =>
  (await callHttp(base, 'GET', `/v1/ivr-bot/scopes/bank/persons/${person}/status`)).body;

/** One whole call over HTTP: start, identify (with consent when asked), 10 s of audio, the decision, end. */
async function callOverHttp(person: string, recording: string, optIn = false) {
  const started = await callHttp(base, 'POST', '/v1/ivr-bot/bank/sessions', {
    call_id: unique(`call-${person}`),
    recording_id: unique(recording),
  });
  const id = started.body.call_session_id as string;
  await callHttp(base, 'PATCH', `/v1/ivr-bot/sessions/${id}/person`, { person_id: person });
  if (optIn) await callHttp(base, 'POST', `/v1/ivr-bot/sessions/${id}:optin`, {});
  await clock.advance(10_000);
  const decision = (await callHttp(base, 'GET', `/v1/ivr-bot/sessions/${id}/decision`)).body;
  await callHttp(base, 'DELETE', `/v1/ivr-bot/sessions/${id}`);
  return { id, decision };
}

/** The same call over gRPC. */
async function callOverGrpc(person: string, recording: string, optIn = false) {
  const started = await grpcJson('StartIVRSession', {
    gk_scope_id: 'bank',
    call_id: unique(`call-${person}`),
    recording_id: unique(recording),
  });
  const call_session_id = started.call_session_id as string;
  await grpcJson('SubmitPersonId', { call_session_id, person_id: person });
  if (optIn) await grpcJson('SubmitOptIn', { call_session_id });
  await clock.advance(10_000);
  const decision = await grpcJson('GetSessionDecision', { call_session_id });
  await grpcJson('EndIVRSession', { call_session_id });
  return { id: call_session_id, decision };
}

describe('the seeded person store', () => {
  it('answers timestamps in one form, the same over HTTP and gRPC', async () => {
    const status = await grpcJson('GetPersonStatus', { gk_scope_id: 'bank', person_id: 'P-OFFSET' });
    expect(status).toMatchObject({
      opt_out_info: {
        timestamp: '2026-01-15T07:30:00.000Z',
        offer_opt_in_time: '2026-02-01T05:00:00.500Z',
        offer_opt_in: true,
      },
      voice_print_lock_info: { locked: false, timestamp: '2026-01-20T10:00:00.000Z' },
    });
    expect(await personStatus('P-OFFSET')).toEqual(status);
  });
});

describe('the person store the sessions change', () => {
  it('enrolls a new person with consent; the next session verifies them', async () => {
    expect(await personStatus('P-NEW')).toEqual({
      status: { status_code: 'OK' },
      enroll_status: 'ENROLL_STATUS_NOT_ENROLLED',
    });
    const consentAt = new Date(clock.now()).toISOString();
    const first = await callOverGrpc('P-NEW', 'rec-match', true);
    expect(first.decision).toMatchObject({
      train_progress_status: { progress_status: 'PROGRESS_STATUS_COMPLETED' },
    });
    expect(first.decision.verify_progress_status).toBeUndefined();
    const enrolled = await grpcJson('GetPersonStatus', { gk_scope_id: 'bank', person_id: 'P-NEW' });
    expect(enrolled).toEqual({
      status: { status_code: 'OK' },
      enroll_status: 'ENROLL_STATUS_TRAINED',
      opt_in_info: { timestamp: consentAt },
    });
    expect(await personStatus('P-NEW')).toEqual(enrolled);

    const second = await callOverHttp('P-NEW', 'rec-match');
    expect(second.decision).toMatchObject({
      session_decision: {
        decision: 'DECISION_POSITIVE',
        decision_reason: 'DECISION_REASON_VOICEPRINT_MATCH',
      },
      verify_progress_status: { progress_status: 'PROGRESS_STATUS_COMPLETED' },
    });
    expect(second.decision.enroll_progress_status).toBeUndefined();
  });

  it('does not enroll without consent', async () => {
    await callOverHttp('P-SHY', 'rec-match');
    expect(await personStatus('P-SHY')).toEqual({
      status: { status_code: 'OK' },
      enroll_status: 'ENROLL_STATUS_NOT_ENROLLED',
    });
  });

  it('counts consecutive mismatches, resets on a match and locks at the configured count', async () => {
    await callOverHttp('P-MIS', 'rec-mismatch');
    expect((await personStatus('P-MIS')).voice_print_lock_info).toEqual({
      locked: false,
      mismatch_counter: 1,
    });
    await callOverGrpc('P-MIS', 'rec-match');
    expect((await personStatus('P-MIS')).voice_print_lock_info).toEqual({
      locked: false,
      mismatch_counter: 0,
    });
    await callOverGrpc('P-MIS', 'rec-mismatch');
    // Verify starts at the audio tick with 2 s of net audio (3 s in) and completes 0.5 s later.
    const lockedAt = new Date(clock.now() + 3_500).toISOString();
    const last = await callOverHttp('P-MIS', 'rec-mismatch');
    expect(last.decision).toMatchObject({
      session_decision: {
        decision: 'DECISION_NEGATIVE',
        decision_reason: 'DECISION_REASON_VOICEPRINT_MISMATCH',
      },
    });
    const status = await grpcJson('GetPersonStatus', { gk_scope_id: 'bank', person_id: 'P-MIS' });
    expect(status).toEqual({
      status: { status_code: 'OK' },
      enroll_status: 'ENROLL_STATUS_TRAINED',
      opt_in_info: { timestamp: '2026-01-15T09:30:00.000Z' },
      voice_print_lock_info: {
        locked: true,
        reason: '2 consecutive verification mismatches',
        mismatch_counter: 2,
        timestamp: lockedAt,
        lock_reason: 'LOCK_REASON_CONSECUTIVE_MISMATCHES',
      },
    });
  });

  it('does not verify a locked voiceprint, even on matching audio', async () => {
    const locked = await callOverGrpc('P-MIS', 'rec-match');
    expect(locked.decision).toMatchObject({
      session_decision: { decision: 'DECISION_NOT_AVAILABLE' },
      detect_audio_spoofing_progress_status: { progress_status: 'PROGRESS_STATUS_COMPLETED' },
    });
    expect(locked.decision.verify_progress_status).toBeUndefined();
    const report = (await callHttp(base, 'GET', `/v1/sandbox/sessions/${locked.id}`)).body;
    expect(report.timeline).toContainEqual(
      expect.objectContaining({
        kind: 'node',
        node: 'Verify',
        state: 'DISABLED',
        detail: 'the voiceprint is locked (2 consecutive verification mismatches): verification does not run',
      }),
    );
    expect((report.variables as Record<string, string>)['flow.Verify']).toBe('DISABLED');
    expect((await personStatus('P-MIS')).voice_print_lock_info).toMatchObject({ locked: true });
  });
});

describe('opt-in of an opted-out person', () => {
  const optedOut = {
    status: { status_code: 'OK' },
    enroll_status: 'ENROLL_STATUS_NOT_ENROLLED',
    opt_out_info: {
      timestamp: '2026-04-01T00:00:00.000Z',
      offer_opt_in_time: '2026-12-01T00:00:00.000Z',
      offer_opt_in: false,
    },
  };
  const refusal =
    "opt-in not recorded: person 'P-OUT' opted out, and opt-in can be offered again only from " +
    'offer_opt_in_time 2026-12-01T00:00:00.000Z';

  it('keeps the opt-out before offer_opt_in_time, saying so in the answer', async () => {
    const started = await grpcJson('StartIVRSession', {
      gk_scope_id: 'bank',
      call_id: unique('call-out'),
      recording_id: unique('rec-match'),
    });
    const call_session_id = started.call_session_id as string;
    await grpcJson('SubmitPersonId', { call_session_id, person_id: 'P-OUT' });
    expect(await grpcJson('SubmitOptIn', { call_session_id })).toEqual({
      status: { status_code: 'OK', status_message: { locale: 'en-US', message: refusal } },
    });
    await clock.advance(10_000);
    expect(await personStatus('P-OUT')).toEqual(optedOut);
    const report = (await callHttp(base, 'GET', `/v1/sandbox/sessions/${call_session_id}`)).body;
    const events = (report.timeline as { kind: string; event?: string }[]).filter((e) => e.kind === 'event');
    expect(events.map((e) => e.event)).not.toContain('OPT_IN_RECEIVED');
    expect((report.variables as Record<string, string>)['person.optIn']).toBe('false');
  });

  it('keeps it too when the opt-in came before the person was identified', async () => {
    const started = await callHttp(base, 'POST', '/v1/ivr-bot/bank/sessions', {
      call_id: unique('call-out-early'),
      recording_id: unique('rec-match'),
    });
    const id = started.body.call_session_id as string;
    expect((await callHttp(base, 'POST', `/v1/ivr-bot/sessions/${id}:optin`, {})).status).toBe(200);
    await callHttp(base, 'PATCH', `/v1/ivr-bot/sessions/${id}/person`, { person_id: 'P-OUT' });
    await clock.advance(10_000);
    expect(await personStatus('P-OUT')).toEqual(optedOut);
    const report = (await callHttp(base, 'GET', `/v1/sandbox/sessions/${id}`)).body;
    expect(report.timeline).toContainEqual(
      expect.objectContaining({ kind: 'operation', operation: 'SubmitOptIn', detail: refusal }),
    );
  });

  it('records it once offer_opt_in_time has passed', async () => {
    const consentAt = new Date(clock.now()).toISOString();
    await callOverHttp('P-BACK', 'rec-match', true);
    expect(await personStatus('P-BACK')).toEqual({
      status: { status_code: 'OK' },
      enroll_status: 'ENROLL_STATUS_TRAINED',
      opt_in_info: { timestamp: consentAt },
    });
  });
});
