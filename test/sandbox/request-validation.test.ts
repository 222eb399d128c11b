import path from 'node:path';
import type { RunningSandbox } from '../../src/sandbox';
import type { JsonMessage } from '../../src/sandbox/wire';
import { AUDIO_CONTEXT, callHttp, connectAudioProcessor, serveSandbox } from '../support/sandbox-clients';
import {
  createSandboxGrpcAdapter,
  createSandboxHttpAdapter,
  type SandboxHostUnderTest,
} from './sandbox-host-adapters';

/**
 * Every operation of both services answers a request's field problems at once: INVALID_REQUEST with one
 * `field_violations` entry per field, in the message's field order, its message their descriptions in the
 * same order; and only a request without any is looked up (NOT_FOUND). Over HTTP and gRPC alike.
 */

/** The status of an INVALID_REQUEST naming `fields` (each described as `<field> <what>`), in that order. */
function invalid(...violations: [field: string, what: string][]): JsonMessage {
  const described = violations.map(([field, what]) => ({ field, description: `${field} ${what}` }));
  return {
    status_code: 'INVALID_REQUEST',
    status_message: { locale: 'en-US', message: described.map((v) => v.description).join('; ') },
    field_violations: described,
  };
}

const REQUIRED = 'is required';

describe.each([
  ['HTTP', createSandboxHttpAdapter],
  ['gRPC', createSandboxGrpcAdapter],
])('IVR bot request validation: %s', (_name, createHost) => {
  let host: SandboxHostUnderTest;
  beforeAll(async () => {
    host = await createHost();
  });
  afterAll(() => host.close());

  const statusOf = async (method: string, request: JsonMessage) => {
    const reply = await host.call(method, request);
    if (!reply.answered) throw new Error(`${method} refused: ${reply.message}`);
    return { http: reply.httpStatus, status: reply.message.status };
  };

  it('StartIVRSession names every missing field, not the first only', async () => {
    expect(await statusOf('StartIVRSession', { gk_scope_id: 'bank' })).toEqual({
      http: 400,
      status: invalid(['call_id', REQUIRED], ['recording_id', REQUIRED]),
    });
  });

  it('SubmitPersonId checks its fields before it looks the session up', async () => {
    expect(await statusOf('SubmitPersonId', { call_session_id: 'cs-unknown' })).toEqual({
      http: 400,
      status: invalid(['person_id', REQUIRED]),
    });
  });

  it('StartRecording names its missing fields and those of its caller, in field order', async () => {
    const request = { gk_engagement_id: 'e-1', caller_attributes: {} };
    expect(await statusOf('StartRecording', request)).toEqual({
      http: 400,
      status: invalid(
        ['gk_scope_id', REQUIRED],
        ['gk_session_id', REQUIRED],
        ['recording_id', REQUIRED],
        ['recording_side', 'is required: RECORDING_SIDE_1, RECORDING_SIDE_2 or RECORDING_SIDE_ALL'],
        ['caller_attributes.channel_index', REQUIRED],
        ['caller_attributes.person_id', REQUIRED],
      ),
    });
  });

  it('StopRecording needs its media URN', async () => {
    expect(await statusOf('StopRecording', {})).toEqual({
      http: 400,
      status: invalid(['media_urn', REQUIRED]),
    });
  });

  it('tells a session that ended before any decision, so that polling stops', async () => {
    const started = await host.call('StartIVRSession', {
      gk_scope_id: 'bank',
      call_id: 'call-undecided',
      recording_id: 'rec-genuine',
    });
    const id = started.answered ? (started.message.call_session_id as string) : '';
    expect(await host.call('GetSessionDecision', { call_session_id: id })).toEqual({
      answered: true,
      httpStatus: 200,
      message: { status: { status_code: 'OK' } },
    });
    expect(await host.call('EndIVRSession', { call_session_id: id })).toMatchObject({ httpStatus: 200 });
    const ended = {
      answered: true,
      httpStatus: 200,
      message: {
        status: {
          status_code: 'OK',
          status_message: {
            locale: 'en-US',
            message:
              'the session ended before a decision was made: session_decision is NOT_AVAILABLE, and stays so',
          },
        },
        session_decision: { decision: 'DECISION_NOT_AVAILABLE' },
      },
    };
    expect(await host.call('GetSessionDecision', { call_session_id: id })).toEqual(ended);
    await host.clock.advance(60_000);
    expect(await host.call('GetSessionDecision', { call_session_id: id })).toEqual(ended);
  });
});

describe('IVR bot request validation of fields only gRPC can leave out (HTTP has them in its paths)', () => {
  let host: SandboxHostUnderTest;
  beforeAll(async () => {
    host = await createSandboxGrpcAdapter();
  });
  afterAll(() => host.close());

  it.each([
    ['GetPersonStatus', ['gk_scope_id', 'person_id']],
    ['StartIVRSession', ['gk_scope_id', 'call_id', 'recording_id']],
    ['SubmitPersonId', ['call_session_id', 'person_id']],
    ['SubmitOptIn', ['call_session_id']],
    ['GetSessionDecision', ['call_session_id']],
    ['EndIVRSession', ['call_session_id']],
  ])('%s of an empty request names %j', async (method, fields) => {
    const reply = await host.call(method, {});
    expect(reply).toEqual({
      answered: true,
      httpStatus: 400,
      message: { status: invalid(...fields.map((f): [string, string] => [f, REQUIRED])) },
    });
  });
});

describe('audio processing request validation, over HTTP and gRPC', () => {
  let sandbox: RunningSandbox;
  let clients: ReturnType<typeof connectAudioProcessor>;
  beforeAll(async () => {
    sandbox = await serveSandbox({ file: path.join(__dirname, '../../examples/sandbox/card-payment.yaml') });
    clients = connectAudioProcessor(sandbox);
  });
  afterAll(async () => {
    clients.close();
    await sandbox.close();
  });

  const PATHS: Record<string, string> = {
    DetectAudioSpoofing: '/v1/audios/spoofing',
    ValidateText: '/v1/audios/text-validation',
    DetectLiveness: '/v1/audios/liveness',
    Transcribe: '/v1/audios/transcription',
    Redact: '/v1/audios/redaction',
  };
  const statusOf = async (method: string, request: JsonMessage) => {
    const { status, body } = await clients.callBoth(method, PATHS[method]!, request);
    return { http: status, status: body.status };
  };
  const AUDIO = 'or gk_processed_audio_id (audio) is required';
  const BOTH = { gk_media_segment_id: { value: 'seg-card' }, gk_processed_audio_id: { value: 'pa-card' } };
  const PARTIAL_CONTEXT = { gk_scope_id: 'bank', configset_id: 'default' };
  const CONTEXT_MISSING: [string, string][] = [
    ['context.gk_engagement_id', REQUIRED],
    ['context.gk_session_id', REQUIRED],
  ];

  it('DetectAudioSpoofing: context, input, footprint profile, channel, in field order', async () => {
    const request = {
      channel_selector: { channel_number: 3 },
      footprintPlaybackDetectionParameters: {},
      ...BOTH,
      context: PARTIAL_CONTEXT,
    };
    expect(await statusOf('DetectAudioSpoofing', request)).toEqual({
      http: 400,
      status: invalid(
        ...CONTEXT_MISSING,
        ['gk_processed_audio_id', 'is set with gk_media_segment_id: input is one of them, not both'],
        ['footprintPlaybackDetectionParameters.gk_voiceprint_profile_id', REQUIRED],
        ['channel_selector.channel_number', 'must be 1 or 2, not 3'],
      ),
    });
  });

  it('ValidateText: the context, the audio and the expected text of an empty request', async () => {
    expect(await statusOf('ValidateText', {})).toEqual({
      http: 400,
      status: invalid(['context', REQUIRED], ['gk_media_segment_id', AUDIO], ['expected_text', REQUIRED]),
    });
  });

  it('DetectLiveness: each random audio at its place, before the reference channel', async () => {
    const request = {
      context: AUDIO_CONTEXT,
      gk_media_segment_id: { value: 'seg-random' },
      random_audio_set: [{ expected_text: '  ' }, { ...BOTH, expected_text: 'x', channel_selector: {} }],
      channel_selector: { channel_number: 7 },
    };
    expect(await statusOf('DetectLiveness', request)).toEqual({
      http: 400,
      status: invalid(
        [
          'random_audio_set[0].gk_media_segment_id',
          'or random_audio_set[0].gk_processed_audio_id (audio) is required',
        ],
        ['random_audio_set[0].expected_text', REQUIRED],
        [
          'random_audio_set[1].gk_processed_audio_id',
          'is set with random_audio_set[1].gk_media_segment_id: audio is one of them, not both',
        ],
        ['random_audio_set[1].channel_selector.channel_number', 'must be 1 or 2, not 0'],
        ['channel_selector.channel_number', 'must be 1 or 2, not 7'],
      ),
    });
    expect(
      await statusOf('DetectLiveness', {
        context: AUDIO_CONTEXT,
        gk_media_segment_id: { value: 'seg-random' },
      }),
    ).toEqual({
      http: 400,
      status: invalid(['random_audio_set', 'needs at least one random audio with its expected text']),
    });
  });

  it.each(['Transcribe', 'Redact'])(
    '%s refuses a language that is no language, with the rest',
    async (method) => {
      const request = { context: PARTIAL_CONTEXT, language: 'xx-nonsense-123' };
      expect(await statusOf(method, request)).toEqual({
        http: 400,
        status: invalid(
          ...CONTEXT_MISSING,
          ['gk_media_segment_id', AUDIO],
          ['language', "'xx-nonsense-123' is not a BCP 47 language tag such as en-US"],
        ),
      });
      const unknown = {
        context: AUDIO_CONTEXT,
        gk_media_segment_id: { value: 'seg-nowhere' },
        language: 'zz',
      };
      expect(await statusOf(method, unknown)).toEqual({
        http: 400,
        status: invalid([
          'language',
          "'zz' names no known language: its primary subtag 'zz' is not an ISO 639 language code such as en or fr",
        ]),
      });
      const valid = { context: AUDIO_CONTEXT, gk_media_segment_id: { value: 'seg-card' }, language: 'pt-BR' };
      expect(await statusOf(method, valid)).toMatchObject({ http: 200, status: { status_code: 'OK' } });
    },
  );

  it('GetLivenessPrompt names every empty field of its context, over both', async () => {
    const http = await callHttp(clients.base, 'GET', '/v1/prompts/liveness?context.gk_scope_id=bank');
    const expected = invalid(...CONTEXT_MISSING, ['context.configset_id', REQUIRED]);
    expect([http.status, http.body]).toEqual([400, { status: expected }]);
    const grpc = await clients.grpc.call('GetLivenessPrompt', { context: { gk_scope_id: 'bank' } });
    expect(grpc.status).toMatchObject({
      status_code: 'INVALID_REQUEST',
      field_violations: expected.field_violations,
    });
  });
});
