import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadRuleBook } from '../../src/rules/book';
import type { RunningSandbox } from '../../src/sandbox';
import { VirtualClock } from '../../src/sandbox/flow';
import { LocalWebhook } from '../../src/simulation';
import { callHttp, serveSandbox } from '../support/sandbox-clients';

/**
 * What the webhook's scheduled operations (and its updates) may not do, over the real HTTP host with a
 * rules webhook: enroll without consent, verify a locked voiceprint, verify a person with no voiceprint.
 */
const SCENARIO = `
configuration: { lock_after_mismatches: 1 }
persons:
  - { id: P-LOCK, enroll_status: TRAINED }
media:
  - { id: seg, duration: 12, net_audio: 12 }
  - { id: seg-bad, duration: 12, net_audio: 12 }
outcomes:
  - { operation: verify, decision: POSITIVE, score: 0.9 }
  - { operation: verify, media: seg-bad, decision: NEGATIVE, score: 0.1 }
recordings:                             # each call its own id, as an IVR sends them
  - { recording_id: "rec-bad*", media: seg-bad }
  - { recording_id: "rec*", media: seg }
`;
let calls = 0;
/** `id` made unique: a live session's call_id and recording_id are its own. */
const unique = (id: string): string => `${id}-${(calls += 1)}`;

/** Claims consent by an update and schedules Enroll, Train and Verify: none of it is the webhook's to grant. */
const RULES = `
ruleset: pushy
rules:
  - id: enroll-regardless
    on: PERSON_IDENTIFIED
    then:
      set: { person.optIn: "true" }
      schedule: [{ action: Enroll, parameters: { person_id: "\${person.id}" } }]
  - id: train-regardless
    on: ENROLL_COMPLETED
    then:
      schedule: [{ action: Train, parameters: { person_id: "\${person.id}" } }]
  - id: verify-regardless
    on: AUDIO_PROGRESS
    if: { var: audio.netSeconds, equals: "5" }
    then:
      schedule: [{ action: Verify, parameters: { person_id: "\${person.id}" } }]
`;

const clock = new VirtualClock(Date.parse('2026-05-01T09:00:00Z'));
let sandbox: RunningSandbox;
let base: string;

beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sandbox-rules-'));
  writeFileSync(path.join(dir, 'pushy.yaml'), RULES);
  const loaded = await loadRuleBook([dir], { cwd: dir });
  if (!loaded.ok) throw new Error('the test rules do not load');
  sandbox = await serveSandbox({ text: SCENARIO }, clock, new LocalWebhook(loaded.book));
  base = `http://127.0.0.1:${sandbox.http!.port}`;
});

afterAll(() => sandbox.close());

const personStatus = async (person: string) =>
  (await callHttp(base, 'GET', `/v1/ivr-bot/scopes/bank/persons/${person}/status`)).body;

async function startCall(person: string, recording: string): Promise<string> {
  const started = await callHttp(base, 'POST', '/v1/ivr-bot/bank/sessions', {
    call_id: unique(`call-${person}`),
    recording_id: unique(recording),
  });
  const id = started.body.call_session_id as string;
  await callHttp(base, 'PATCH', `/v1/ivr-bot/sessions/${id}/person`, { person_id: person });
  return id;
}

const timelineOf = async (id: string) =>
  (await callHttp(base, 'GET', `/v1/sandbox/sessions/${id}`)).body.timeline as Record<string, unknown>[];

describe('scheduled operations and consent', () => {
  it('neither enrolls nor trains a person without consent, whatever the webhook schedules or sets', async () => {
    const id = await startCall('P-SHY', 'rec');
    await clock.advance(15_000);
    expect(await personStatus('P-SHY')).toEqual({
      status: { status_code: 'OK' },
      enroll_status: 'ENROLL_STATUS_NOT_ENROLLED',
    });
    const timeline = await timelineOf(id);
    expect(timeline).toContainEqual(
      expect.objectContaining({
        kind: 'action',
        action: 'Enroll',
        executed: false,
        detail: 'the person has not opted in: without consent nobody is enrolled or trained',
      }),
    );
    expect(timeline).not.toContainEqual(expect.objectContaining({ kind: 'node', node: 'Enroll' }));
  });

  it('enrolls once the caller consents', async () => {
    const id = await startCall('P-YES', 'rec');
    await callHttp(base, 'POST', `/v1/ivr-bot/sessions/${id}:optin`, {});
    await clock.advance(15_000);
    expect((await personStatus('P-YES')).enroll_status).toBe('ENROLL_STATUS_TRAINED');
  });
});

describe('scheduled and built-in verification', () => {
  it('does not verify a voiceprint another session locked after this one identified the person', async () => {
    const first = await startCall('P-LOCK', 'rec-bad');
    await clock.advance(2_000);
    const second = await startCall('P-LOCK', 'rec');
    // The first session's Verify decides a mismatch 3.5 s in and locks; the second's would start at 4 s.
    await clock.advance(12_000);
    const locked =
      'the voiceprint is locked (1 consecutive verification mismatch): verification does not run';
    const decision = (await callHttp(base, 'GET', `/v1/ivr-bot/sessions/${second}/decision`)).body;
    expect(decision.session_decision).toEqual({ decision: 'DECISION_NOT_AVAILABLE' });
    expect(decision.verify_progress_status).toBeUndefined();
    const timeline = await timelineOf(second);
    expect(timeline).toContainEqual(
      expect.objectContaining({ kind: 'node', node: 'Verify', state: 'DISABLED', detail: locked }),
    );
    expect(timeline).toContainEqual(
      expect.objectContaining({ kind: 'action', action: 'Verify', executed: false, detail: locked }),
    );
    expect(await timelineOf(first)).toContainEqual(
      expect.objectContaining({ kind: 'action', action: 'Verify', executed: false, detail: locked }),
    );
    expect((await personStatus('P-LOCK')).voice_print_lock_info).toMatchObject({
      locked: true,
      mismatch_counter: 1,
    });
  });

  it('does not verify, nor lock, a person with no trained voiceprint', async () => {
    const id = await startCall('P-FRESH', 'rec-bad');
    await clock.advance(15_000);
    expect(await personStatus('P-FRESH')).toEqual({
      status: { status_code: 'OK' },
      enroll_status: 'ENROLL_STATUS_NOT_ENROLLED',
    });
    expect(await timelineOf(id)).toContainEqual(
      expect.objectContaining({
        kind: 'action',
        action: 'Verify',
        executed: false,
        detail: 'the person has no trained voiceprint to verify against: verification does not run',
      }),
    );
    const decision = (await callHttp(base, 'GET', `/v1/ivr-bot/sessions/${id}/decision`)).body;
    expect(decision.verify_progress_status).toBeUndefined();
  });
});
