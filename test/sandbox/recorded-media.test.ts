import type { RunningSandbox } from '../../src/sandbox';
import { AUDIO_CONTEXT, callHttp, connectAudioProcessor, serveSandbox } from '../support/sandbox-clients';

/** A recording's media URN as the audio input of the audio operations, over HTTP and gRPC. */
const SCENARIO = `
configuration: { language: en-US }
media:
  - id: seg-caller
    duration: 6
    transcript: { text: my card is 4111 1111 1111 1111 }
  - { id: seg-other, duration: 3, transcript: { text: something else } }
outcomes:
  - { operation: synthetic_speech_detection, media: seg-caller, decision: POSITIVE, score: 0.91 }
  - { operation: synthetic_speech_detection, decision: NEGATIVE, score: 0.02 }
recordings:
  - { recording_id: rec-caller, media: seg-caller }
  - { recording_id: rec-bare }
`;
const CONTEXT = AUDIO_CONTEXT;
const START = { ...CONTEXT, recording_side: 'RECORDING_SIDE_ALL' };

let sandbox: RunningSandbox;
let clients: ReturnType<typeof connectAudioProcessor>;

beforeAll(async () => {
  sandbox = await serveSandbox({ text: SCENARIO });
  clients = connectAudioProcessor(sandbox);
});

afterAll(async () => {
  clients.close();
  await sandbox.close();
});

async function startRecording(recordingId: string): Promise<string> {
  const started = await callHttp(clients.base, 'POST', '/v1/ivr-bot/recording/start', {
    ...START,
    recording_id: recordingId,
  });
  return started.body.media_urn as string;
}

const callBoth = (method: string, path: string, request: Record<string, unknown>) =>
  clients.callBoth(method, path, request);

const transcribe = (id: string) =>
  callBoth('Transcribe', '/v1/audios/transcription', {
    context: CONTEXT,
    gk_media_segment_id: { value: id },
  });

describe("a recording's media URN", () => {
  it("is its recording's media segment to Transcribe: the same transcript and audio details", async () => {
    const urn = await startRecording('rec-caller');
    const byUrn = await transcribe(urn);
    expect(byUrn.status).toBe(200);
    expect(byUrn.body).toEqual((await transcribe('seg-caller')).body);
    expect(byUrn.body).not.toEqual((await transcribe('seg-other')).body);
    // Stopped, so that the next call may record under the same id.
    await callHttp(clients.base, 'POST', '/v1/ivr-bot/recording/stop', { media_urn: urn });
  });

  it("gets the segment's scripted outcomes, also after the recording stopped", async () => {
    const urn = await startRecording('rec-caller');
    await callHttp(clients.base, 'POST', '/v1/ivr-bot/recording/stop', { media_urn: urn });
    const spoofing = await callBoth('DetectAudioSpoofing', '/v1/audios/spoofing', {
      context: CONTEXT,
      gk_media_segment_id: { value: urn },
      syntheticSpeechDetectionParameters: {},
    });
    expect(JSON.stringify(spoofing.body)).toContain('0.91');
    expect(spoofing.body.audio_details).toMatchObject({ gk_media_segment_id: { value: 'seg-caller' } });
  });

  it('is NOT_FOUND, saying why, when its recording names no media segment or it was never handed out', async () => {
    const bare = await startRecording('rec-bare');
    expect(bare).toMatch(/^urn:rulehook-sandbox:media:rec-bare:\d+$/);
    for (const urn of [bare, 'urn:rulehook-sandbox:media:rec-caller:999']) {
      const { status, body } = await transcribe(urn);
      expect(status).toBe(404);
      expect(body.status).toMatchObject({
        status_code: 'NOT_FOUND',
        status_message: {
          message: expect.stringContaining(`no recording has media_urn '${urn}' with a media segment`),
        },
        field_violations: [{ field: 'gk_media_segment_id' }],
      });
    }
  });
});
