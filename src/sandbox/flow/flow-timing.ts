import { ENROLL_AUDIO_DEFAULTS } from '../scenario/check-flow-timing';
import type { FlowTimingSpec } from '../scenario/scenario-spec';
import type { FlowNode } from './flow-catalog';

/**
 * The flow's timing, in simulated time. Audio streams from StartIVRSession; every `audioTickMs` its
 * counters move (AUDIO_PROGRESS). A detection or verification starts once its minimum of net audio is
 * there; ProcessAudioForEnroll completes at the enroll minimum; a started node completes `processingMs`
 * later. HEARTBEAT (and HEARTBEAT_MEDIA while audio streams) every `heartbeatMs`.
 */
export interface FlowTiming {
  audioTickMs: number;
  heartbeatMs: number;
  processingMs: number;
  /** Net audio (s) a node needs before it starts; with less, its result is NOT_ENOUGH_AUDIO. */
  minNetAudio: Readonly<Record<FlowNode, number>>;
  /** ProcessAudioForEnroll's reported minimums and maximum (s); it completes at the enroll minimum. */
  minNetAudioForEnroll: number;
  minNetAudioForTrain: number;
  maxNetAudioForEnroll: number;
}

/** The timing of a scenario whose configuration sets none (docs/sandbox.md, "Time"). */
export const DEFAULT_FLOW_TIMING: FlowTiming = {
  audioTickMs: 1_000,
  heartbeatMs: 5_000,
  processingMs: 500,
  minNetAudio: {
    AudioSpoofingDetection: 1,
    FraudsterDetection: 1.5,
    Verify: 2,
    ProcessAudioForEnroll: 0,
    Enroll: 0,
    Train: 0,
  },
  minNetAudioForEnroll: ENROLL_AUDIO_DEFAULTS.min_net_audio_for_enroll,
  minNetAudioForTrain: ENROLL_AUDIO_DEFAULTS.min_net_audio_for_train,
  maxNetAudioForEnroll: ENROLL_AUDIO_DEFAULTS.max_net_audio_for_enroll,
};

/** The timing `configuration.flow_timing` sets (seconds there, ms here for the clock), defaults elsewhere. */
export function readFlowTiming(spec: FlowTimingSpec | undefined): FlowTiming {
  const d = DEFAULT_FLOW_TIMING;
  if (spec === undefined) return d;
  const ms = (seconds: number | undefined, fallback: number): number =>
    seconds === undefined ? fallback : Math.round(seconds * 1000);
  return {
    audioTickMs: ms(spec.audio_tick, d.audioTickMs),
    heartbeatMs: ms(spec.heartbeat, d.heartbeatMs),
    processingMs: ms(spec.processing, d.processingMs),
    minNetAudio: { ...d.minNetAudio, ...spec.min_net_audio },
    minNetAudioForEnroll: spec.min_net_audio_for_enroll ?? d.minNetAudioForEnroll,
    minNetAudioForTrain: spec.min_net_audio_for_train ?? d.minNetAudioForTrain,
    maxNetAudioForEnroll: spec.max_net_audio_for_enroll ?? d.maxNetAudioForEnroll,
  };
}
