/**
 * A sandbox scenario file as written (after YAML parsing and schema validation).
 * Times are in seconds (numbers), as people write them; the services convert
 * them to the wire's Duration and milliseconds.
 */
export interface SandboxScenarioSpec {
  $schema?: string;
  description?: string;
  configuration?: ConfigurationSpec;
  persons?: PersonSpec[];
  media?: MediaSpec[];
  outcomes?: OutcomeSpec[];
  liveness_prompts?: LivenessPromptSpec[];
  recordings?: RecordingSpec[];
  ivr_steps?: IvrStepSpec[];
}

/** A call the recorder (SIPREC) knows: what StartRecording correlates its `recording_id` with. */
export interface RecordingSpec {
  recording_id: string;
  /** The media segment the recording captures. */
  media?: string;
  /** The connector needs an agent extension: StartRecording without one fails NOT_FOUND. */
  agent_extension_required?: boolean;
  /** The agent extension of the call: StartRecording naming another fails NOT_FOUND. */
  agent_extension?: string;
}

export interface ConfigurationSpec {
  /** Language used by Transcribe and Redact when neither the request nor the processed audio has one. */
  language?: string;
  /** The realm's maximum recording duration, in seconds; 0 or negative: no maximum. */
  max_recording_duration?: number;
  /** Score at or above which ValidateText decides the expected text was said (0 to 1). */
  text_validation_threshold?: number;
  /** How Redact marks the words of a card number: kept and marked MASKED, or replaced and marked REDACTED. */
  redaction?: 'masked' | 'redacted';
  /** Transcribe also redacts card numbers (with their locations), as Redact does; default false. */
  transcribe_redacts?: boolean;
  /** The built-in flow's timing and net-audio minimums, seconds; each unset one keeps its default. */
  flow_timing?: FlowTimingSpec;
  /** Consecutive verification mismatches that lock a person's voiceprint; 0: never. Default 3. */
  lock_after_mismatches?: number;
}

/**
 * The biometric nodes of the sandbox's built-in flow, in the order the flow considers them; also the keys
 * of `flow_timing.min_net_audio`.
 */
export const FLOW_NODES = [
  'AudioSpoofingDetection',
  'FraudsterDetection',
  'Verify',
  'ProcessAudioForEnroll',
  'Enroll',
  'Train',
] as const;

export type FlowNode = (typeof FLOW_NODES)[number];

export interface FlowTimingSpec {
  audio_tick?: number;
  heartbeat?: number;
  processing?: number;
  min_net_audio?: Partial<Record<FlowNode, number>>;
  min_net_audio_for_enroll?: number;
  min_net_audio_for_train?: number;
  max_net_audio_for_enroll?: number;
}

export const ENROLL_STATUSES = ['READY', 'TRAINED', 'PARTIALLY_ENROLLED', 'NOT_ENROLLED'] as const;
export type EnrollStatusName = (typeof ENROLL_STATUSES)[number];

export interface PersonSpec {
  id: string;
  enroll_status?: EnrollStatusName;
  opt_in?: { at: string };
  opt_out?: { at: string; reason?: string; offer_opt_in_at: string };
  voiceprint_tags?: string[];
  lock?: LockSpec;
}

export const LOCK_REASONS = ['CONSECUTIVE_MISMATCHES', 'OTHER'] as const;

export interface LockSpec {
  locked: boolean;
  locked_by?: string;
  reason?: string;
  mismatch_counter?: number;
  at?: string;
  lock_reason?: (typeof LOCK_REASONS)[number];
}

export interface MediaSpec {
  id: string;
  /** Id of the processed audio made from this segment; default `processed-<id>`. */
  processed_audio_id?: string;
  /** A WAV file, relative to the scenario: duration, channels and sampling rate are read from its header. */
  wav?: string;
  /** Gross audio (speech, noise and silence), seconds. */
  duration?: number;
  /** Speech only, seconds; at most `duration`. */
  net_audio?: number;
  initial_silence?: number;
  channels?: 1 | 2;
  sampling_rate?: number;
  /** The processed audio's actual_language. */
  language?: string;
  transcript?: TranscriptSpec;
}

export interface TranscriptSpec {
  text: string;
  words?: WordSpec[];
}

export interface WordSpec {
  text: string;
  start: number;
  end: number;
  confidence?: number;
}

export const OUTCOME_OPERATIONS = [
  'synthetic_speech_detection',
  'channel_playback_detection',
  'footprint_playback_detection',
  'liveness_detection',
  'verify',
  'detect_fraudsters',
  'process_audio_for_enroll',
  'enroll',
  'train',
] as const;
export type OutcomeOperation = (typeof OUTCOME_OPERATIONS)[number];

export const DECISIONS = ['POSITIVE', 'NEGATIVE', 'UNCERTAIN', 'NOT_AVAILABLE'] as const;
export const VALIDITIES = ['VALID', 'INVALID'] as const;
export const INVALID_AUDIO_REASONS = [
  'NOT_ENOUGH_AUDIO',
  'TOO_SHORT',
  'TOO_SOFT',
  'TOO_LOUD',
  'TOO_NOISY',
  'UNREADABLE',
] as const;

/** The scripted result of one biometric operation, for one media segment, one person, or as the default. */
export interface OutcomeSpec {
  operation: OutcomeOperation;
  media?: string;
  person?: string;
  decision?: (typeof DECISIONS)[number];
  score?: number;
  /** A DecisionReason name without its prefix: the audio enum's for audio operations, else the IVR bot's. */
  reason?: string;
  validity?: (typeof VALIDITIES)[number];
  invalid_reasons?: (typeof INVALID_AUDIO_REASONS)[number][];
}

export interface LivenessPromptSpec {
  text: string;
  ivr_info?: string;
}

/** One step of the scripted IVR: an IVRBot call, or a wait (`5s`, `500ms`, `2m`) on the simulated clock. */
export interface IvrStepSpec {
  operation?: string;
  wait?: string;
  request?: Record<string, unknown>;
  /** The `status_code` the operation must answer for `sandbox run` to pass; default `OK`. */
  expect_status?: string;
  description?: string;
}
