import { RecordingCatalog } from '../scenario/recording-catalog';
import type { SandboxScenario } from '../scenario/sandbox-scenario';
import { RecordedMedia } from './recorded-media';
import { createSiprecRecorder, MAX_RECORDINGS } from './siprec-recorder';

const scenario: SandboxScenario = {
  file: 'scenario.yaml',
  configuration: {},
  persons: new Map(),
  media: new Map([
    [
      'seg',
      {
        id: 'seg',
        processed_audio_id: 'p',
        duration: 1,
        net_audio: 1,
        initial_silence: 0,
        channels: 1,
        sampling_rate: 8000,
      },
    ],
  ]),
  processedAudio: new Map(),
  outcomes: [],
  livenessPrompts: [],
  recordings: new RecordingCatalog([{ recording_id: 'call-*', media: 'seg' }]),
  ivrSteps: [],
};
const request = (recording_id: string) => ({
  gk_scope_id: 'bank',
  gk_engagement_id: 'e',
  gk_session_id: 's',
  recording_id,
  recording_side: 'RECORDING_SIDE_ALL',
});

describe('the SIPREC recorder', () => {
  it('keeps the last recordings only: an IVR sends a new id per call, and memory stays flat', () => {
    const media = new RecordedMedia(scenario);
    const recorder = createSiprecRecorder(scenario, () => 0, media);
    const urns = Array.from(
      { length: MAX_RECORDINGS + 1 },
      (_, n) => recorder.startRecording(request(`call-${n}`)).media_urn as string,
    );
    expect(() => recorder.stopRecording({ media_urn: urns[0] })).toThrow(/no recording has media_urn/);
    expect(media.viewScenario().media.has(urns[0]!)).toBe(false);
    expect(media.viewScenario().media.get(urns[1]!)?.id).toBe('seg');
    expect(recorder.stopRecording({ media_urn: urns.at(-1) })).toEqual({ status: { status_code: 'OK' } });
    // The forgotten recording no longer holds its id.
    expect(recorder.startRecording(request('call-0')).media_urn).toMatch(/:call-0:/);
  });
});
