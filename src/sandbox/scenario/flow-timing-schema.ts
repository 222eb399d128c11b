import { documented, type JsonSchema } from '../../rules/schema/schema-doc';
import { FLOW_NODES } from './scenario-spec';

/** The schema of `configuration.flow_timing`: the built-in flow's timing and net-audio minimums. */
export function buildFlowTimingSchema(): JsonSchema {
  const seconds = (name: string, description: string, bound: 'minimum' | 'exclusiveMinimum') =>
    documented(name, description, { type: 'number', [bound]: 0 });
  const minimums = Object.fromEntries(
    FLOW_NODES.map((node) => [
      node,
      seconds(node, `Net audio (s) ${node} needs before it starts.`, 'minimum'),
    ]),
  );
  return documented(
    'flow_timing',
    "The built-in flow's timing, in simulated seconds; an unset value keeps its default.",
    {
      type: 'object',
      properties: {
        audio_tick: seconds(
          'audio_tick',
          'AUDIO_PROGRESS every this while audio streams. Default 1.',
          'exclusiveMinimum',
        ),
        heartbeat: seconds('heartbeat', 'HEARTBEAT every this. Default 5.', 'exclusiveMinimum'),
        processing: seconds('processing', 'A started node completes this later. Default 0.5.', 'minimum'),
        min_net_audio: documented(
          'min_net_audio',
          'Net audio (s) each node needs before it starts; with less (the audio ended first) its result is NOT_ENOUGH_AUDIO. Defaults: AudioSpoofingDetection 1, FraudsterDetection 1.5, Verify 2, the others 0.',
          { type: 'object', properties: minimums, additionalProperties: false },
        ),
        min_net_audio_for_enroll: seconds(
          'min_net_audio_for_enroll',
          'ProcessAudioForEnroll completes at this much net audio (and reports it). Default 3.',
          'minimum',
        ),
        min_net_audio_for_train: seconds(
          'min_net_audio_for_train',
          'Reported by ProcessAudioForEnroll. Default 3.',
          'minimum',
        ),
        max_net_audio_for_enroll: seconds(
          'max_net_audio_for_enroll',
          'Reported by ProcessAudioForEnroll. Default 60.',
          'minimum',
        ),
      },
      additionalProperties: false,
    },
  );
}
