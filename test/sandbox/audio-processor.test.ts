import path from 'node:path';
import type { RunningSandbox } from '../../src/sandbox';
import { AUDIO_CONTEXT, callHttp, connectAudioProcessor, serveSandbox } from '../support/sandbox-clients';

/** The example scenario, served on loopback over both transports; every call is made over both and compared. */
const EXAMPLE = path.join(__dirname, '../../examples/sandbox/card-payment.yaml');
const CONTEXT = AUDIO_CONTEXT;
const segment = (id: string) => ({ gk_media_segment_id: { value: id } });

let sandbox: RunningSandbox;
let clients: ReturnType<typeof connectAudioProcessor>;

beforeAll(async () => {
  sandbox = await serveSandbox({ file: EXAMPLE });
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

/** POSTs over HTTP and calls over gRPC; both must answer the same message. Returns the HTTP status and body. */
const callBoth = (method: string, request: Record<string, unknown>) =>
  clients.callBoth(method, PATHS[method]!, request);

/** The status of a failed answer: its code, its field, and the HTTP status. */
async function failureOf(method: string, request: Record<string, unknown>) {
  const { status, body } = await callBoth(method, request);
  const s = body.status as { status_code: string; field_violations?: { field: string }[] };
  return { http: status, code: s.status_code, field: s.field_violations?.[0]?.field };
}

describe('every audio request checks its context and its audio', () => {
  it.each(Object.keys(PATHS))('%s', async (method) => {
    const audio = {
      ...segment('seg-random'),
      expected_text: 'x',
      random_audio_set: [{ ...segment('seg-random'), expected_text: 'x' }],
    };
    expect(await failureOf(method, audio)).toEqual({ http: 400, code: 'INVALID_REQUEST', field: 'context' });
    for (const field of Object.keys(CONTEXT)) {
      const context = { ...CONTEXT, [field]: '' };
      expect(await failureOf(method, { ...audio, context })).toMatchObject({
        http: 400,
        field: `context.${field}`,
      });
    }
    const noAudio = { ...audio, gk_media_segment_id: undefined };
    expect(await failureOf(method, { ...noAudio, context: CONTEXT })).toEqual({
      http: 400,
      code: 'INVALID_REQUEST',
      field: 'gk_media_segment_id',
    });
    expect(await failureOf(method, { ...audio, ...segment('seg-nowhere'), context: CONTEXT })).toEqual({
      http: 404,
      code: 'NOT_FOUND',
      field: 'gk_media_segment_id',
    });
  });
});

describe('DetectAudioSpoofing', () => {
  it('runs only the detectors whose parameter field is present, with the scripted results', async () => {
    const { status, body } = await callBoth('DetectAudioSpoofing', {
      context: CONTEXT,
      ...segment('seg-replayed'),
      syntheticSpeechDetectionParameters: {},
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      status: { status_code: 'OK' },
      audio_details: {
        gk_media_segment_id: { value: 'seg-replayed' },
        gk_processed_audio_id: { value: 'processed-seg-replayed' },
        gross_audio: '4s',
        net_audio: '4s',
        media_number_of_channels: 1,
        media_sampling_rate_hz: 8000,
      },
      validity: { validity: 'VALIDITY_VALID' },
      synthetic_speech_detection_result: {
        gk_media_segment_id: { value: 'seg-replayed' },
        gk_processed_audio_id: { value: 'processed-seg-replayed' },
        decision: 'DECISION_POSITIVE',
        reason: 'DECISION_REASON_SYNTHETIC_SPEECH_DETECTED',
        result: { risk_level: 'RISK_LEVEL_HIGH', reliability: 'RELIABILITY_HIGH' },
        score: 0.93,
      },
    });
  });

  it('runs all three, reports invalid audio, and takes the lowerCamelCase spelling over HTTP', async () => {
    const detectors = {
      syntheticSpeechDetectionParameters: {},
      channelPlaybackDetectionParameters: {},
    };
    const { body } = await callBoth('DetectAudioSpoofing', {
      context: CONTEXT,
      ...segment('seg-replayed'),
      ...detectors,
      footprintPlaybackDetectionParameters: { gk_voiceprint_profile_id: { value: 'vp-1' } },
    });
    const camel = await callHttp(clients.base, 'POST', PATHS.DetectAudioSpoofing!, {
      context: { gkEngagementId: 'e-1', gkSessionId: 's-1', gkScopeId: 'bank', configsetId: 'default' },
      gkMediaSegmentId: { value: 'seg-replayed' },
      ...detectors,
      footprintPlaybackDetectionParameters: { gkVoiceprintProfileId: { value: 'vp-1' } },
    });
    expect(camel.body).toEqual(body);
    expect(body.validity).toEqual({
      validity: 'VALIDITY_INVALID',
      reasons: ['INVALID_AUDIO_REASON_TOO_NOISY'],
    });
    expect(body.channel_playback_detection_result).toMatchObject({
      decision: 'DECISION_POSITIVE',
      playback_version: 1,
    });
    expect(body.footprint_playback_detection_result).toMatchObject({
      decision: 'DECISION_NEGATIVE',
      reason: 'DECISION_REASON_AUDIO_OK',
    });
  });

  it('needs the voiceprint of footprint playback detection', async () => {
    const request = {
      context: CONTEXT,
      ...segment('seg-replayed'),
      footprintPlaybackDetectionParameters: {},
    };
    expect(await failureOf('DetectAudioSpoofing', request)).toEqual({
      http: 400,
      code: 'INVALID_REQUEST',
      field: 'footprintPlaybackDetectionParameters.gk_voiceprint_profile_id',
    });
  });
});

describe('ValidateText', () => {
  it.each([
    ['seven four two nine', 1, 'DECISION_POSITIVE'],
    ['7 4 2 9', 1, 'DECISION_POSITIVE'],
    ['Seven, four, two, eight!', 0.75, 'DECISION_NEGATIVE'],
  ])('%j against "seven four two nine": score %d', async (expected, score, decision) => {
    const { body } = await callBoth('ValidateText', {
      context: CONTEXT,
      ...segment('seg-random'),
      expected_text: expected,
    });
    expect(body.result).toMatchObject({ score, decision, detected_text: 'seven four two nine' });
  });

  it('needs the expected text', async () => {
    expect(await failureOf('ValidateText', { context: CONTEXT, ...segment('seg-random') })).toEqual({
      http: 400,
      code: 'INVALID_REQUEST',
      field: 'expected_text',
    });
  });
});

describe('DetectLiveness', () => {
  const random = { ...segment('seg-random'), expected_text: 'seven four two nine' };

  it('answers the scripted decision, with computed text scores per random audio', async () => {
    const { body } = await callBoth('DetectLiveness', {
      context: CONTEXT,
      ...segment('seg-passphrase'),
      random_audio_set: [random],
    });
    expect(body.result).toMatchObject({
      decision: 'DECISION_NEGATIVE',
      liveness_detection_score: 0.91,
      gk_reference_processed_audio_id: { value: 'processed-seg-passphrase' },
      details: [
        {
          gk_media_segment_id: { value: 'seg-random' },
          gk_processed_audio_id: { value: 'processed-seg-random' },
          validity: { validity: 'VALIDITY_VALID' },
          biometric_score: 0.84,
          text_validation_score: 1,
        },
      ],
    });
  });

  it('needs at least one random audio, each with its audio and expected text', async () => {
    const reference = { context: CONTEXT, ...segment('seg-passphrase') };
    expect(await failureOf('DetectLiveness', reference)).toMatchObject({
      http: 400,
      field: 'random_audio_set',
    });
    expect(
      await failureOf('DetectLiveness', { ...reference, random_audio_set: [{ ...segment('seg-random') }] }),
    ).toMatchObject({ http: 400, field: 'random_audio_set[0].expected_text' });
    expect(
      await failureOf('DetectLiveness', {
        ...reference,
        random_audio_set: [random, { expected_text: 'one' }],
      }),
    ).toMatchObject({ http: 400, field: 'random_audio_set[1].gk_media_segment_id' });
  });
});

describe('GetLivenessPrompt', () => {
  const query = Object.entries(CONTEXT)
    .map(([k, v]) => `context.${k}=${v}`)
    .join('&');

  it('hands out the configured prompts in turn, over both transports', async () => {
    const first = await callHttp(clients.base, 'GET', `/v1/prompts/liveness?${query}`);
    expect(first.body).toEqual({
      status: { status_code: 'OK' },
      expected_text: 'seven four two nine',
      ivr_info: 'Please say the digits seven four two nine',
    });
    expect(await clients.grpc.call('GetLivenessPrompt', { context: CONTEXT })).toMatchObject({
      expected_text: 'one three three seven',
    });
    expect((await callHttp(clients.base, 'GET', `/v1/prompts/liveness?${query}`)).body.expected_text).toBe(
      'seven four two nine',
    );
  });

  it('needs the context in the query', async () => {
    const missing = await callHttp(clients.base, 'GET', '/v1/prompts/liveness?context.gk_scope_id=bank');
    expect(missing.status).toBe(400);
    expect(missing.body.status).toMatchObject({
      field_violations: [
        { field: 'context.gk_engagement_id' },
        { field: 'context.gk_session_id' },
        { field: 'context.configset_id' },
      ],
    });
  });
});

describe('Transcribe', () => {
  it('answers the transcript, its words and the audio, in the configuration language', async () => {
    const { body } = await callBoth('Transcribe', { context: CONTEXT, ...segment('seg-card') });
    const result = body.result as Record<string, Record<string, unknown>>;
    expect(result).toMatchObject({
      language: 'en-US',
      text: 'my card number is 4111 1111 1111 1111, thanks',
      transcribed: true,
    });
    expect(result.transcribe_audio_details).toMatchObject({
      gross_audio: '9s',
      net_audio: '7.500s',
      abs_start_ms: 0,
      abs_end_ms: 9000,
      media_number_of_channels: 1,
      processed_audio_number_of_channels: 1,
    });
    const words = result.text_details!.word_details as Record<string, unknown>[];
    expect(words).toHaveLength(9);
    expect(words[4]).toEqual({
      text: '4111',
      confidence: 1,
      start_ms: 2000,
      end_ms: 3000,
      silence_after_word: '0.200s',
      redaction_status: 'REDACTION_STATUS_PLAIN',
    });
  });

  it("takes the processed audio's language when the request has none", async () => {
    const { body } = await callBoth('Transcribe', {
      context: CONTEXT,
      gk_processed_audio_id: { value: 'pa-card' },
    });
    expect(body.result).toMatchObject({ language: 'en-GB' });
    const { body: asked } = await callBoth('Transcribe', {
      context: CONTEXT,
      ...segment('seg-card'),
      language: 'fr-FR',
    });
    expect(asked.result).toMatchObject({ language: 'fr-FR' });
  });

  it('selects a channel of stereo media, and refuses a channel it lacks', async () => {
    const request = {
      context: CONTEXT,
      ...segment('seg-spoken-card'),
      channel_selector: { channel_number: 2 },
    };
    const { body } = await callBoth('Transcribe', request);
    expect(body.result).toMatchObject({
      transcribe_audio_details: {
        selected_channel: { channel_number: 2 },
        media_number_of_channels: 2,
        media_sampling_rate_hz: 16000,
      },
    });
    expect(await failureOf('Transcribe', { ...request, channel_selector: { channel_number: 3 } })).toEqual({
      http: 400,
      code: 'INVALID_REQUEST',
      field: 'channel_selector.channel_number',
    });
  });
});

describe('Redact', () => {
  it('redacts the words of a written card number, in the words and the text', async () => {
    const { body } = await callBoth('Redact', { context: CONTEXT, ...segment('seg-card') });
    const result = body.result as Record<string, Record<string, unknown>>;
    expect(result.text).toBe('my card number is #### #### #### ####, thanks');
    expect(result.text_details).toMatchObject({
      formatted_text: 'my card number is #### #### #### ####, thanks',
      redaction_status: 'REDACTION_STATUS_REDACTED',
    });
    const words = result.text_details!.word_details as { text: string; redaction_status: string }[];
    expect(words.map((w) => [w.text, w.redaction_status.replace('REDACTION_STATUS_', '')])).toEqual([
      ['my', 'PLAIN'],
      ['card', 'PLAIN'],
      ['number', 'PLAIN'],
      ['is', 'PLAIN'],
      ['####', 'REDACTED'],
      ['####', 'REDACTED'],
      ['####', 'REDACTED'],
      ['####,', 'REDACTED'],
      ['thanks', 'PLAIN'],
    ]);
  });

  it('leaves plain a card number that fails the Luhn check, and redacts the right one after it', async () => {
    const { body } = await callBoth('Redact', { context: CONTEXT, ...segment('seg-mistyped-card') });
    const result = body.result as Record<string, Record<string, unknown>>;
    expect(result.text).toBe('my card number is 4111 1111 1111 1112, no sorry, #### #### #### ####');
    const words = result.text_details!.word_details as { text: string; redaction_status: string }[];
    expect(words.slice(4, 8).map((w) => [w.text, w.redaction_status])).toEqual(
      ['4111', '1111', '1111', '1112,'].map((text) => [text, 'REDACTION_STATUS_PLAIN']),
    );
  });

  it('redacts a spoken card number and leaves shorter digit runs alone', async () => {
    const { body } = await callBoth('Redact', { context: CONTEXT, ...segment('seg-spoken-card') });
    expect((body.result as Record<string, unknown>).text).toBe(
      'it is #### ### ### ### ### ### ### ### ### ### ### ### ### ### ### ### and my pin is one two',
    );
  });
});

describe('the HTTP binding', () => {
  it('answers an unknown path 404 and a wrong verb 405, with a status', async () => {
    const unknown = await callHttp(clients.base, 'POST', '/v1/audios/nothing', {});
    expect([unknown.status, (unknown.body.status as { status_code: string }).status_code]).toEqual([
      404,
      'NOT_FOUND',
    ]);
    const wrongVerb = await callHttp(clients.base, 'GET', '/v1/audios/transcription');
    expect(wrongVerb.status).toBe(405);
    expect(wrongVerb.headers.get('allow')).toBe('POST');
  });

  it('answers a body that is not JSON, or fields of the wrong kind (each named), 400 BAD_REQUEST', async () => {
    const notJson = await callHttp(clients.base, 'POST', '/v1/audios/transcription', '{"context":');
    expect([notJson.status, (notJson.body.status as { status_code: string }).status_code]).toEqual([
      400,
      'BAD_REQUEST',
    ]);
    const wrongKind = await callHttp(clients.base, 'POST', '/v1/audios/transcription', { context: 'bank' });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.status).toMatchObject({
      status_code: 'BAD_REQUEST',
      field_violations: [{ field: 'context', description: 'context: expected a JSON object' }],
    });
    const several = await callHttp(clients.base, 'POST', '/v1/audios/transcription', {
      language: 5,
      context: { gk_scope_id: true },
      channel_selector: { channel_number: -1 },
    });
    expect(several.body.status).toEqual({
      status_code: 'BAD_REQUEST',
      status_message: {
        locale: 'en-US',
        message:
          'context.gk_scope_id: expected a string; language: expected a string; ' +
          'channel_selector.channel_number: expected a non-negative integer',
      },
      field_violations: [
        { field: 'context.gk_scope_id', description: 'context.gk_scope_id: expected a string' },
        { field: 'language', description: 'language: expected a string' },
        {
          field: 'channel_selector.channel_number',
          description: 'channel_selector.channel_number: expected a non-negative integer',
        },
      ],
    });
  });
});
