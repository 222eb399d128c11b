import { MEDIA_URN_PREFIX, type SandboxMedia, type SandboxScenario } from '../scenario/sandbox-scenario';
import type { FieldViolations } from '../wire/field-violations';
import { StatusFailure } from '../wire/status';
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
export function checkContext(violations: FieldViolations, request: JsonMessage): void {
  const context = request.context as JsonMessage | undefined;
  if (context === undefined) violations.add('context', 'context is required');
  else violations.requireText(context, CONTEXT_FIELDS, 'context.');
}

/**
 * The audio oneof of a request (`oneofName`: `audio`, or `input` in DetectAudioSpoofingRequest): exactly one
 * of `gk_media_segment_id` and `gk_processed_audio_id`. `where` prefixes field paths
 * (`random_audio_set[0].`).
 */
export function checkAudio(
  violations: FieldViolations,
  request: JsonMessage,
  oneofName = 'audio',
  where = '',
): void {
  const segment = idOf(request.gk_media_segment_id);
  const processed = idOf(request.gk_processed_audio_id);
  if (segment !== undefined && processed !== undefined)
    violations.add(
      `${where}gk_processed_audio_id`,
      `${where}gk_processed_audio_id is set with ${where}gk_media_segment_id: ${oneofName} is one of them, not both`,
    );
  if (segment === undefined && processed === undefined)
    violations.add(
      `${where}gk_media_segment_id`,
      `${where}gk_media_segment_id or ${where}gk_processed_audio_id (${oneofName}) is required`,
    );
}

/**
 * `channel_selector`, when given, names channel 1 or 2: media have one or two channels, so no other number
 * can be meant, whatever the audio (mono media and processed audio then ignore it).
 */
export function checkChannelSelector(violations: FieldViolations, request: JsonMessage, where = ''): void {
  const selector = request.channel_selector as { channel_number?: unknown } | undefined;
  if (selector === undefined) return;
  const channel = selector.channel_number;
  if (channel === 1 || channel === 2) return;
  violations.add(
    `${where}channel_selector.channel_number`,
    `${where}channel_selector.channel_number must be 1 or 2, not ${String(channel ?? 0)}`,
  );
}

/** `gk_person_id`, when set: the owner of the audio, whose scripted outcomes apply. */
export function readPersonId(request: JsonMessage): string | undefined {
  return idOf(request.gk_person_id);
}

/**
 * The audio of a request whose checks passed (checkAudio, checkChannelSelector), found in the scenario
 * (`gk_media_segment_id`: a media segment's id, or a media URN StartRecording handed out); NOT_FOUND
 * otherwise. Stereo media use the selected channel, the first when no selector is given.
 */
export function findAudio(scenario: SandboxScenario, request: JsonMessage, where = ''): RequestAudio {
  const segment = idOf(request.gk_media_segment_id);
  const processed = idOf(request.gk_processed_audio_id);
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
  const selected = (request.channel_selector as { channel_number?: number } | undefined)?.channel_number;
  return { media, channel: selected ?? 1 };
}
