import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { loadRuleBook } from '../../src/rules/book';
import type { RunningSandbox } from '../../src/sandbox';
import { VirtualClock } from '../../src/sandbox/flow';
import { LocalWebhook } from '../../src/simulation';
import {
  createGrpcIvrClient,
  createHttpIvrClient,
  type IvrAnswer,
  type IvrClient,
} from '../support/ivr-client';
import { serveSandbox } from '../support/sandbox-clients';

/**
 * Every example scenario served to an IVR as a real one calls: each call with new ids (`call-<uuid>`,
 * `rec-<uuid>`), StartRecording, StartIVRSession, GetPersonStatus, SubmitPersonId, SubmitOptIn when the
 * person has neither opted in nor out, GetSessionDecision until decided, EndIVRSession, StopRecording; 20
 * calls in a row, then 5 at once, over HTTP and over gRPC, each on its own sandbox with the scenario's pack
 * answering in-process. The IVR polls once per simulated second, and the test moves the sandbox's clock by
 * that second between polls, so no call waits in real time.
 */
const EXAMPLES = path.join(__dirname, '../../examples');
const IN_A_ROW = 20;
const AT_ONCE = 5;
/** Polls (simulated seconds) an IVR waits for a decision before giving up. */
const MAX_POLLS = 120;

interface Decision {
  decision: string;
  reason: string | undefined;
}

interface ExamplePlan {
  /** The rule pack answering the events (examples/<pack>); undefined: no webhook. */
  pack: string | undefined;
  person: string;
  /** The decision the scenario means for the call that is the `nth` (0-based) of the sandbox. */
  decides(nth: number): Decision;
}

const decided = (decision: string, reason?: string): Decision => ({
  decision: `DECISION_${decision}`,
  reason: reason === undefined ? undefined : `DECISION_REASON_${reason}`,
});

const PLANS: Record<string, ExamplePlan> = {
  'card-payment': {
    pack: undefined,
    person: 'C-1029384',
    decides: () => decided('POSITIVE', 'VOICEPRINT_MATCH'),
  },
  'enrollment-after-opt-in': {
    pack: 'enrollment-after-opt-in',
    person: 'C-4040404',
    // The first call consents and trains the voiceprint; every later one is verified against it.
    decides: (nth) =>
      nth === 0 ? decided('NOT_AVAILABLE', 'AUDIO_OK') : decided('POSITIVE', 'VOICEPRINT_MATCH'),
  },
  'fraud-and-spoofing': {
    pack: 'fraud-and-spoofing',
    person: 'C-1029384',
    decides: () => decided('NEGATIVE', 'SYNTHETIC_SPEECH_DETECTED'),
  },
  'noise-reduction': {
    pack: 'noise-reduction',
    person: 'C-1029384',
    decides: () => decided('POSITIVE', 'VOICEPRINT_MATCH'),
  },
};

async function ok(client: IvrClient, method: string, request: Record<string, unknown>): Promise<IvrAnswer> {
  const answer = await client.call(method, request);
  if (answer.status.status_code !== 'OK')
    throw new Error(
      `${client.transport} ${method}: ${answer.status.status_code} ${JSON.stringify(answer.status)}`,
    );
  return answer;
}

interface PlacedCall {
  callSessionId: string;
  recordingId: string;
  mediaUrn: string;
  optedIn: boolean;
  decision: Decision;
}

/** One call, as an IVR places it; `waitOneSecond` is the time that passes between two polls. */
async function placeCall(
  client: IvrClient,
  personId: string,
  waitOneSecond: () => Promise<void>,
): Promise<PlacedCall> {
  const callId = `call-${randomUUID()}`;
  const recordingId = `rec-${randomUUID()}`;
  const scope = { gk_scope_id: 'bank' };
  const recording = await ok(client, 'StartRecording', {
    ...scope,
    gk_engagement_id: callId,
    gk_session_id: callId,
    recording_id: recordingId,
    recording_side: 'RECORDING_SIDE_ALL',
  });
  const started = await ok(client, 'StartIVRSession', {
    ...scope,
    call_id: callId,
    recording_id: recordingId,
  });
  const session = { call_session_id: started.call_session_id as string };
  const person = await ok(client, 'GetPersonStatus', { ...scope, person_id: personId });
  await ok(client, 'SubmitPersonId', { ...session, person_id: personId });
  const optedIn = person.opt_in_info == null && person.opt_out_info == null;
  if (optedIn) await ok(client, 'SubmitOptIn', session);
  let answer = await ok(client, 'GetSessionDecision', session);
  for (let polls = 0; answer.session_decision == null; polls++) {
    if (polls === MAX_POLLS) throw new Error(`${client.transport}: no decision after ${MAX_POLLS}s`);
    await waitOneSecond();
    answer = await ok(client, 'GetSessionDecision', session);
  }
  await ok(client, 'EndIVRSession', session);
  await ok(client, 'StopRecording', { media_urn: recording.media_urn });
  const { decision, decision_reason } = answer.session_decision as Record<string, string | undefined>;
  return {
    callSessionId: session.call_session_id,
    recordingId,
    mediaUrn: recording.media_urn as string,
    optedIn,
    decision: { decision: decision!, reason: decision_reason },
  };
}

async function openExample(
  name: string,
  plan: ExamplePlan,
): Promise<{ sandbox: RunningSandbox; clock: VirtualClock }> {
  let webhook: LocalWebhook | undefined;
  if (plan.pack !== undefined) {
    const loaded = await loadRuleBook([path.join(EXAMPLES, plan.pack)], { cwd: process.cwd() });
    if (!loaded.ok) throw new Error(`${plan.pack} does not load`);
    webhook = new LocalWebhook(loaded.book);
  }
  const clock = new VirtualClock(Date.parse('2026-05-01T09:00:00Z'));
  const sandbox = await serveSandbox(
    { file: path.join(EXAMPLES, 'sandbox', `${name}.yaml`) },
    clock,
    webhook,
  );
  return { sandbox, clock };
}

const TRANSPORTS: [string, (sandbox: RunningSandbox) => IvrClient][] = [
  ['HTTP', (sandbox) => createHttpIvrClient(`http://127.0.0.1:${sandbox.http!.port}`)],
  ['gRPC', (sandbox) => createGrpcIvrClient(`127.0.0.1:${sandbox.grpc!.port}`)],
];

it('has a plan for every example scenario', () => {
  const examples = readdirSync(path.join(EXAMPLES, 'sandbox'))
    .filter((file) => file.endsWith('.yaml'))
    .map((file) => file.slice(0, -'.yaml'.length));
  expect(examples.sort()).toEqual(Object.keys(PLANS).sort());
});

describe.each(Object.entries(PLANS))('an IVR calling the %s example', (name, plan) => {
  it.each(TRANSPORTS)(
    `gets the decision the scenario means, ${IN_A_ROW} calls in a row and ${AT_ONCE} at once, over %s`,
    async (_transport, connect) => {
      const { sandbox, clock } = await openExample(name, plan);
      const client = connect(sandbox);
      const waitOneSecond = () => clock.advance(1_000);
      try {
        const inARow: PlacedCall[] = [];
        for (let nth = 0; nth < IN_A_ROW; nth++)
          inARow.push(await placeCall(client, plan.person, waitOneSecond));
        const atOnce = await Promise.all(
          Array.from({ length: AT_ONCE }, () => placeCall(client, plan.person, waitOneSecond)),
        );
        const calls = [...inARow, ...atOnce];
        expect(calls.map((call) => call.decision)).toEqual(calls.map((_call, nth) => plan.decides(nth)));
        for (const call of calls) {
          // The media URN and the timeline name the id the IVR sent, which only a pattern of the scenario matches.
          expect(call.mediaUrn).toMatch(new RegExp(`^urn:rulehook-sandbox:media:${call.recordingId}:\\d+$`));
          const opened = sandbox.sessions.get(call.callSessionId)!.report().timeline[0];
          expect(opened).toMatchObject({
            operation: 'StartIVRSession',
            detail: expect.stringContaining(call.recordingId),
          });
        }
        // Consent is asked once: the person store keeps it for the caller's later calls.
        const consented = calls.filter((call) => call.optedIn).length;
        expect(consented).toBe(name === 'enrollment-after-opt-in' ? 1 : 0);
      } finally {
        client.close();
        await sandbox.close();
      }
    },
  );
});
