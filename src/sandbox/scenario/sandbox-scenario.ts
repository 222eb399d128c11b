import type {
  ConfigurationSpec,
  LivenessPromptSpec,
  MediaSpec,
  OutcomeSpec,
  PersonSpec,
  IvrStepSpec,
} from './scenario-spec';
import type { RecordingCatalog } from './recording-catalog';

/** A media segment with every default applied: what the services answer from. */
export interface SandboxMedia extends MediaSpec {
  processed_audio_id: string;
  duration: number;
  net_audio: number;
  initial_silence: number;
  channels: 1 | 2;
  sampling_rate: number;
  /** The WAV file, resolved against the scenario's directory. */
  wavPath?: string;
}

/**
 * How every media URN StartRecording hands out begins; the audio operations take such a URN as a media
 * segment id (the recording's segment).
 */
export const MEDIA_URN_PREFIX = 'urn:rulehook-sandbox:media:';

/** A loaded, valid sandbox scenario. */
export interface SandboxScenario {
  file: string;
  configuration: ConfigurationSpec;
  persons: ReadonlyMap<string, PersonSpec>;
  /** By media segment id. */
  media: ReadonlyMap<string, SandboxMedia>;
  /** By processed audio id. */
  processedAudio: ReadonlyMap<string, SandboxMedia>;
  outcomes: readonly OutcomeSpec[];
  livenessPrompts: readonly LivenessPromptSpec[];
  /** By recording id: exact ids, then `*` patterns in file order. */
  recordings: RecordingCatalog;
  ivrSteps: readonly IvrStepSpec[];
}

/** The outcome of `operation` for a media segment or a person: the most specific one scripted, media first. */
export function findOutcome(
  scenario: SandboxScenario,
  operation: OutcomeSpec['operation'],
  about: { media?: string | undefined; person?: string | undefined },
): OutcomeSpec | undefined {
  const ofOperation = scenario.outcomes.filter((o) => o.operation === operation);
  return (
    ofOperation.find((o) => about.media !== undefined && o.media === about.media) ??
    ofOperation.find(
      (o) => about.person !== undefined && o.person === about.person && o.media === undefined,
    ) ??
    ofOperation.find((o) => o.media === undefined && o.person === undefined)
  );
}
