import type { SandboxMedia } from '../scenario/sandbox-scenario';
import { formatDuration } from '../wire/json-form';
import type { JsonMessage } from '../wire/proto-json';
import type { RequestAudio } from './read-request';

/** Seconds as a proto3 JSON Duration, to the millisecond (scenario times are written in seconds). */
export function toDuration(seconds: number): string {
  const millis = Math.round(seconds * 1000);
  return formatDuration(Math.trunc(millis / 1000), (millis % 1000) * 1e6);
}

export const toMillis = (seconds: number): number => Math.round(seconds * 1000);

export const uniqueId = (value: string): JsonMessage => ({ value });

/** AudioDetails (and the common part of TranscribeAudioDetails) of the audio a request used. */
export function describeAudio({ media, channel }: RequestAudio): JsonMessage {
  return {
    gk_media_segment_id: uniqueId(media.id),
    gk_processed_audio_id: uniqueId(media.processed_audio_id),
    gross_audio: toDuration(media.duration),
    net_audio: toDuration(media.net_audio),
    media_number_of_channels: media.channels,
    media_sampling_rate_hz: media.sampling_rate,
    ...(channel === undefined ? {} : { selected_channel: { channel_number: channel } }),
  };
}

/** The ids every audio result carries. */
export function identify(media: SandboxMedia): JsonMessage {
  return {
    gk_media_segment_id: uniqueId(media.id),
    gk_processed_audio_id: uniqueId(media.processed_audio_id),
  };
}
