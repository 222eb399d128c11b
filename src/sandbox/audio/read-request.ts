import { MEDIA_URN_PREFIX, type SandboxMedia, type SandboxScenario } from '../scenario/sandbox-scenario';
import { missingField, StatusFailure } from '../wire/status';
import type { JsonMessage } from '../wire/proto-json';

const CONTEXT_FIELDS = ['gk_engagement_id', 'gk_session_id', 'gk_scope_id', 'configset_id'] as const;

/** The audio a request names, and the channel used (undefined for single-channel media and processed audio). */
export interface RequestAudio {
  media: SandboxMedia;
  channel: number | undefined;
}

const idOf = (value: unknown): string | undefined => {
  const id = (value as { value?: unknown } | undefined)?.value;
  return typeof id === 'string' && id !== '' ? id : undefined;
};

/** Every audio request's context: present, with its four fields set (proto3: empty is unset). */
export function checkContext(request: JsonMessage): void {
  const context = request.context as Record<string, unknown> | undefined;
  if (context === undefined) throw missingField('context');
  for (const field of CONTEXT_FIELDS) if (!context[field]) throw missingField(`context.${field}`);
}

/** `gk_person_id`, when set: the owner of the audio, whose scripted outcomes apply. */
export function readPersonId(request: JsonMessage): string | undefined {
  return idOf(request.gk_person_id);
}

/**
 * The audio of a request's oneof (`oneofName`: `audio`, or `input` in
 * DetectAudioSpoofingRequest), found in the scenario (`gk_media_segment_id`: a media segment's id, or a
 * media URN StartRecording handed out). `where` prefixes field
 * paths in errors (`random_audio_set[0].`).
 */
export function findAudio(
  scenario: SandboxScenario,
  request: JsonMessage,
  oneofName = 'audio',
  where = '',
): RequestAudio {
  const segment = idOf(request.gk_media_segment_id);
  const processed = idOf(request.gk_processed_audio_id);
  if (segment !== undefined && processed !== undefined)
    throw new StatusFailure(
      'INVALID_REQUEST',
      `${where}${oneofName}: give gk_media_segment_id or gk_processed_audio_id, not both`,
      `${where}gk_processed_audio_id`,
    );
  if (segment === undefined && processed === undefined)
    throw missingField(
      `${where}gk_media_segment_id`,
      `or ${where}gk_processed_audio_id (${oneofName}) is required`,
    );
  const media = segment !== undefined ? scenario.media.get(segment) : scenario.processedAudio.get(processed!);
  if (media === undefined) {
    const field = segment !== undefined ? 'gk_media_segment_id' : 'gk_processed_audio_id';
    const recorded = segment?.startsWith(MEDIA_URN_PREFIX) === true;
    throw new StatusFailure(
      'NOT_FOUND',
      recorded
        ? `${where}${field}: no recording has media_urn '${segment}' with a media segment (StartRecording hands ` +
            "them out; its recording must name a media segment of the scenario's)"
        : `${where}${field}: no audio '${segment ?? processed}' is known`,
      where + field,
    );
  }
  if (processed !== undefined || media.channels === 1) return { media, channel: undefined };
  return { media, channel: readChannel(request.channel_selector, where) };
}

/** Stereo media: the selected channel, 1 or 2; the first when no selector is given. */
function readChannel(selector: unknown, where: string): number {
  if (selector === undefined) return 1;
  const channel = (selector as { channel_number?: unknown }).channel_number;
  if (channel === 1 || channel === 2) return channel;
  throw new StatusFailure(
    'INVALID_REQUEST',
    `${where}channel_selector.channel_number must be 1 or 2 for stereo media, not ${String(channel ?? 0)}`,
    `${where}channel_selector.channel_number`,
  );
}
