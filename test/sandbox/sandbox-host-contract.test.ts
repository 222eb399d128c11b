import type { JsonMessage } from '../../src/sandbox/wire';
import {
  createSandboxGrpcAdapter,
  createSandboxHttpAdapter,
  type HostScenario,
  type SandboxHostUnderTest,
  type SandboxReply,
} from './sandbox-host-adapters';

/**
 * One contract, both of the sandbox's hosts: the same cases run through the HTTP host (fetch) and the gRPC
 * host (a grpc-js client built from the .proto), each on its own sandbox of the noise-reduction example, on
 * loopback, so that no behaviour of the IVR bot can differ between the transports. What one transport has and
 * the other has not (HTTP's second bindings, 405, the session timeline) is tested in ivr-bot.test.ts, the
 * sandbox-only endpoints in sandbox-only-endpoints.test.ts.
 */

const hosts: [string, (scenario?: HostScenario) => Promise<SandboxHostUnderTest>][] = [
  ['HTTP', createSandboxHttpAdapter],
  ['gRPC', createSandboxGrpcAdapter],
];

const OK = { status: { status_code: 'OK' } };
let calls = 0;
/** A StartIVRSession request with ids no other call of the suite has, as an IVR sends per call. */
const newCall = () => {
  calls += 1;
  return { gk_scope_id: 'bank', call_id: `call-${calls}`, recording_id: `rec-${calls}` };
};

const answer = (httpStatus: number, message: JsonMessage): SandboxReply => ({
  answered: true,
  httpStatus,
  message,
});

/** The message of a failed call: its status, naming the field it is about. */
const failure = (status_code: string, message: string, field: string): JsonMessage => ({
  status: {
    status_code,
    status_message: { locale: 'en-US', message },
    field_violations: [{ field, description: message }],
  },
});

describe.each(hosts)('sandbox host contract: %s', (_name, createHost) => {
  let host: SandboxHostUnderTest;
  beforeAll(async () => {
    host = await createHost();
  });
  afterAll(() => host.close());

  /** A host whose scenario's one recording takes only ids starting with `card-`. */
  const openNoAudioHost = () =>
    createHost({
      text: 'media: [{ id: seg-card, duration: 5 }]\nrecordings: [{ recording_id: "card-*", media: seg-card }]\n',
    });

  async function startSession(request: JsonMessage = newCall()): Promise<string> {
    const started = await host.call('StartIVRSession', request);
    expect(started).toEqual(answer(200, { ...OK, call_session_id: expect.stringMatching(/^cs-/) }));
    if (!started.answered) throw new Error(`StartIVRSession refused: ${started.message}`);
    return started.message.call_session_id as string;
  }

  it('starts a session, takes its person, gives its decision once the checks are done, and ends it', async () => {
    const id = await startSession();
    expect(await host.call('SubmitPersonId', { call_session_id: id, person_id: 'C-1029384' })).toEqual(
      answer(200, OK),
    );
    expect(await host.call('GetSessionDecision', { call_session_id: id })).toEqual(answer(200, OK));
    await host.clock.advance(4_000);
    expect(await host.call('GetSessionDecision', { call_session_id: id })).toMatchObject(
      answer(200, {
        ...OK,
        session_decision: {
          decision: 'DECISION_POSITIVE',
          decision_reason: 'DECISION_REASON_VOICEPRINT_MATCH',
        },
        verify_progress_status: { progress_status: 'PROGRESS_STATUS_COMPLETED' },
      }),
    );
    expect(await host.call('EndIVRSession', { call_session_id: id })).toEqual(answer(200, OK));
  });

  it.each(['SubmitPersonId', 'SubmitOptIn', 'GetSessionDecision', 'EndIVRSession'])(
    '%s of a session never handed out is NOT_FOUND, naming call_session_id',
    async (method) => {
      const message = "no call session 'cs-unknown': StartIVRSession hands out call_session_id";
      expect(await host.call(method, { call_session_id: 'cs-unknown', person_id: 'C-1029384' })).toEqual(
        answer(404, failure('NOT_FOUND', message, 'call_session_id')),
      );
    },
  );

  it('keeps the decision of a session that has ended, and answers NOT_FOUND to anything else of it', async () => {
    const id = await startSession();
    expect(await host.call('EndIVRSession', { call_session_id: id })).toEqual(answer(200, OK));
    const ended = answer(404, failure('NOT_FOUND', `call session '${id}' has ended`, 'call_session_id'));
    expect(await host.call('SubmitPersonId', { call_session_id: id, person_id: 'C-1029384' })).toEqual(ended);
    expect(await host.call('EndIVRSession', { call_session_id: id })).toEqual(ended);
    expect(await host.call('GetSessionDecision', { call_session_id: id })).toMatchObject(answer(200, OK));
  });

  it('gives each status the HTTP status of the documented mapping', async () => {
    const id = await startSession();
    const person = { call_session_id: id, person_id: 'C-1029384' };
    const replies = [
      await host.call('SubmitPersonId', person),
      await host.call('StartIVRSession', { ...newCall(), call_id: undefined }),
      await host.call('SubmitPersonId', { ...person, call_session_id: 'cs-none' }),
      await host.call('SubmitPersonId', person),
    ];
    expect(replies).toEqual([
      answer(200, OK),
      answer(400, failure('INVALID_REQUEST', 'call_id is required', 'call_id')),
      answer(
        404,
        failure(
          'NOT_FOUND',
          "no call session 'cs-none': StartIVRSession hands out call_session_id",
          'call_session_id',
        ),
      ),
      answer(
        409,
        failure('ALREADY_EXISTS', `call session '${id}' already has person 'C-1029384'`, 'person_id'),
      ),
    ]);
  });

  it('refuses a call_id or recording_id a live session holds, ALREADY_EXISTS on the field, until it ends', async () => {
    const first = newCall();
    const id = await startSession(first);
    const held = (field: string, value: string) =>
      answer(
        409,
        failure(
          'ALREADY_EXISTS',
          `${field} '${value}' belongs to call session '${id}', which has not ended (EndIVRSession frees it)`,
          field,
        ),
      );
    expect(await host.call('StartIVRSession', { ...newCall(), call_id: first.call_id })).toEqual(
      held('call_id', first.call_id),
    );
    expect(await host.call('StartIVRSession', { ...newCall(), recording_id: first.recording_id })).toEqual(
      held('recording_id', first.recording_id),
    );
    // A decided session still holds its ids: only EndIVRSession frees them.
    await host.call('SubmitPersonId', { call_session_id: id, person_id: 'C-1029384' });
    await host.clock.advance(4_000);
    expect(await host.call('GetSessionDecision', { call_session_id: id })).toMatchObject({
      message: { session_decision: { decision: 'DECISION_POSITIVE' } },
    });
    expect(await host.call('StartIVRSession', first)).toEqual(held('call_id', first.call_id));
    expect(await host.call('EndIVRSession', { call_session_id: id })).toEqual(answer(200, OK));
    expect(await startSession(first)).not.toBe(id);
  });

  it('opens a session without audio on a recording_id no recording matches, and says so', async () => {
    const noAudio = await openNoAudioHost();
    try {
      const started = await noAudio.call('StartIVRSession', { ...newCall(), recording_id: 'rec-none' });
      expect(started).toEqual(
        answer(200, {
          status: {
            status_code: 'OK',
            status_message: {
              locale: 'en-US',
              message:
                "recording_id 'rec-none' matches no recording of the scenario: the session has no audio",
            },
          },
          call_session_id: expect.stringMatching(/^cs-/),
        }),
      );
      const id = (started as { message: JsonMessage }).message.call_session_id as string;
      // The flow decides as it does when the audio ends at once: nothing verified, nothing enrolled.
      await noAudio.call('SubmitPersonId', { call_session_id: id, person_id: 'C-1' });
      await noAudio.clock.advance(1_000);
      const decided = await noAudio.call('GetSessionDecision', { call_session_id: id });
      expect((decided as { message: JsonMessage }).message.session_decision).toEqual({
        decision: 'DECISION_NOT_AVAILABLE',
      });
      const heard = await noAudio.call('StartIVRSession', { ...newCall(), recording_id: 'card-1' });
      expect(heard).toEqual(answer(200, { ...OK, call_session_id: expect.stringMatching(/^cs-/) }));
    } finally {
      await noAudio.close();
    }
  });

  it('refuses StartRecording of a recording still running (ALREADY_EXISTS) and of one no recording matches (NOT_FOUND)', async () => {
    const noAudio = await openNoAudioHost();
    const recording = (recording_id: string) => ({
      gk_scope_id: 'bank',
      gk_engagement_id: 'e-1',
      gk_session_id: 's-1',
      recording_id,
      recording_side: 'RECORDING_SIDE_ALL',
    });
    try {
      const started = await noAudio.call('StartRecording', recording('card-1'));
      const urn = (started as { message: JsonMessage }).message.media_urn as string;
      expect(started).toEqual(answer(200, { ...OK, media_urn: expect.stringMatching(/:media:card-1:\d+$/) }));
      const running = `recording 'card-1' is still running (media_urn '${urn}'); StopRecording it first`;
      expect(await noAudio.call('StartRecording', recording('card-1'))).toEqual(
        answer(409, failure('ALREADY_EXISTS', running, 'recording_id')),
      );
      expect(await noAudio.call('StopRecording', { media_urn: urn })).toEqual(answer(200, OK));
      expect(await noAudio.call('StartRecording', recording('card-1'))).toMatchObject(answer(200, OK));
      expect(await noAudio.call('StartRecording', recording('rec-1'))).toEqual(
        answer(404, failure('NOT_FOUND', "recording_id 'rec-1' matches no SIPREC recording", 'recording_id')),
      );
    } finally {
      await noAudio.close();
    }
  });

  it.each(['StartIVRSession', 'SubmitPersonId', 'SubmitOptIn'])(
    'refuses a %s request it cannot read, saying why, and serves the next one',
    async (method) => {
      const refused = await host.callUnreadable(method);
      expect(refused).toEqual({ answered: false, message: expect.stringMatching(/\S/) });
      await startSession();
    },
  );

  it('is live and ready once it listens', async () => {
    expect(await host.probe()).toEqual({ live: true, ready: true });
  });

  it('is still live, but not ready, once it starts draining, and still answers meanwhile', async () => {
    const draining = await createHost();
    try {
      draining.startDraining();
      expect(await draining.probe()).toEqual({ live: true, ready: false });
      const started = await draining.call('StartIVRSession', newCall());
      expect(started).toMatchObject(answer(200, OK));
    } finally {
      await draining.close();
    }
  });
});
