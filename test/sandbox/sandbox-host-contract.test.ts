import type { JsonMessage } from '../../src/sandbox/wire';
import {
  createSandboxGrpcAdapter,
  createSandboxHttpAdapter,
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

const hosts: [string, () => Promise<SandboxHostUnderTest>][] = [
  ['HTTP', createSandboxHttpAdapter],
  ['gRPC', createSandboxGrpcAdapter],
];

const OK = { status: { status_code: 'OK' } };
const START = { gk_scope_id: 'bank', call_id: 'call-1', recording_id: 'rec-genuine' };

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

  async function startSession(): Promise<string> {
    const started = await host.call('StartIVRSession', START);
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
      await host.call('StartIVRSession', { ...START, call_id: undefined }),
      await host.call('StartIVRSession', { ...START, recording_id: 'rec-none' }),
      await host.call('SubmitPersonId', person),
    ];
    expect(replies).toEqual([
      answer(200, OK),
      answer(400, failure('INVALID_REQUEST', 'call_id is required', 'call_id')),
      answer(
        404,
        failure('NOT_FOUND', "recording_id 'rec-none' matches no SIPREC recording", 'recording_id'),
      ),
      answer(
        409,
        failure('ALREADY_EXISTS', `call session '${id}' already has person 'C-1029384'`, 'person_id'),
      ),
    ]);
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
      const started = await draining.call('StartIVRSession', START);
      expect(started).toMatchObject(answer(200, OK));
    } finally {
      await draining.close();
    }
  });
});
