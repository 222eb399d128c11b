import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadSandboxScenario, type RunningSandbox } from '../../src/sandbox';
import { createAudioProcessor } from '../../src/sandbox/audio';
import { createWav } from '../support/create-wav';
import { AUDIO_CONTEXT, connectAudioProcessor, serveSandbox } from '../support/sandbox-clients';

/**
 * What DetectLiveness says of each random audio's text validation score when no recognizer hears it:
 * no transcript at all, recognition skipped for the language, the recognizer missing. Over both transports.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'sandbox-liveness-'));
const file = path.join(dir, 'liveness.yaml');
writeFileSync(path.join(dir, 'fr.wav'), createWav({ channels: 1, rate: 16000, seconds: 1 }));
writeFileSync(path.join(dir, 'en.wav'), createWav({ channels: 1, rate: 16000, seconds: 1 }));
writeFileSync(
  file,
  `
media:
  - { id: ref, duration: 3, transcript: { text: my voice is my password } }
  - { id: notx, duration: 3 }
  - { id: said, duration: 3, transcript: { text: seven four two nine } }
  - { id: fr, wav: fr.wav, language: fr-FR, transcript: { text: seven four two nine } }
  - { id: en, wav: en.wav, transcript: { text: seven four two nine } }
`,
);
const random = (id: string) => ({ gk_media_segment_id: { value: id }, expected_text: 'seven four two nine' });
const request = (...ids: string[]) => ({
  context: AUDIO_CONTEXT,
  gk_media_segment_id: { value: 'ref' },
  random_audio_set: ids.map(random),
});
const scores = (body: Record<string, unknown>) =>
  (body.result as { details: { text_validation_score: number }[] }).details.map(
    (d) => d.text_validation_score,
  );
const messageOf = (body: Record<string, unknown>) =>
  (body.status as { status_message: { message: string } }).status_message.message;

let sandbox: RunningSandbox;
let clients: ReturnType<typeof connectAudioProcessor>;

beforeAll(async () => {
  sandbox = await serveSandbox({ file });
  clients = connectAudioProcessor(sandbox);
});

afterAll(async () => {
  clients.close();
  await sandbox.close();
});

describe('DetectLiveness text validation sources', () => {
  it('says a random audio has no transcript, and why recognition was skipped', async () => {
    const { body } = await clients.callBoth(
      'DetectLiveness',
      '/v1/audios/liveness',
      request('notx', 'said', 'fr'),
    );
    expect(scores(body)).toEqual([0, 1, 1]);
    expect(messageOf(body)).toBe(
      'text_validation_score against random_audio_set[0]: no transcript, so 0 (ValidateText answers ' +
        'NOT_AVAILABLE); random_audio_set[1]: the scripted transcript; random_audio_set[2]: the scripted ' +
        'transcript (recognition skipped: the language fr-FR is not English)',
    );
    const validated = await clients.callBoth('ValidateText', '/v1/audios/text-validation', {
      context: AUDIO_CONTEXT,
      gk_media_segment_id: { value: 'notx' },
      expected_text: 'seven four two nine',
    });
    expect(validated.body.result).toMatchObject({ score: 0, decision: 'DECISION_NOT_AVAILABLE' });
  });

  it('says why when the recognizer is missing', async () => {
    const { scenario } = await loadSandboxScenario(file, dir);
    const processor = createAudioProcessor(scenario!, 'pocketsphinx_continuous is not on PATH');
    const answer = await processor.DetectLiveness!(request('en'));
    expect(scores(answer)).toEqual([1]);
    expect(messageOf(answer)).toBe(
      'text_validation_score against random_audio_set[0]: the scripted transcript ' +
        '(recognition skipped: pocketsphinx_continuous is not on PATH)',
    );
  });

  it('says in Transcribe why a WAV segment was not recognized, and nothing for media without a WAV', async () => {
    const transcribe = async (id: string) =>
      (
        await clients.callBoth('Transcribe', '/v1/audios/transcription', {
          context: AUDIO_CONTEXT,
          gk_media_segment_id: { value: id },
          language: id === 'fr' ? 'fr-FR' : 'en-US',
        })
      ).body.result as { text_details: { data_pack: Record<string, string> } };
    expect((await transcribe('fr')).text_details.data_pack).toEqual({
      topic: 'scripted transcript',
      id: 'scenario',
      version: 'recognition skipped: the language fr-FR is not English',
    });
    expect((await transcribe('said')).text_details.data_pack).toEqual({
      topic: 'scripted transcript',
      id: 'scenario',
    });
  });
});
