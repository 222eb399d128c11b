import { MEDIA_URN_PREFIX, type SandboxScenario } from '../scenario/sandbox-scenario';
import { FieldViolations, validateRequest } from '../wire/field-violations';
import { OK_STATUS, StatusFailure } from '../wire/status';
import type { JsonMessage } from '../wire/proto-json';
import type { RecordedMedia } from './recorded-media';

interface Recording {
  recordingId: string;
  startedAt: number;
  /** When it ends by itself (ms since the epoch); undefined: no maximum. */
  endsAt: number | undefined;
  stoppedAt?: number;
}

/**
 * Recordings kept at most (stopped or not), as for sessions: the oldest is forgotten beyond it (its media URN
 * then unknown to StopRecording and the audio operations), so an IVR's new id per call keeps memory flat.
 */
export const MAX_RECORDINGS = 1_000;

const RECORDING_SIDES = new Set(['RECORDING_SIDE_1', 'RECORDING_SIDE_2', 'RECORDING_SIDE_ALL']);

/** `"1.5s"` (proto3 JSON Duration) -> seconds. */
const readSeconds = (duration: string): number => Number(duration.slice(0, -1));

/**
 * The recording flow: StartRecording correlates its `recording_id` with a
 * recording of the scenario (SIPREC: an exact id, else the first `*` pattern
 * matching it), refuses an id whose recording is still running, checks the
 * agent extension its connector needs, and returns a media URN naming the
 * request's id; StopRecording stops it. A recording also ends
 * by itself after its maximum duration: the request's `max_recording_duration`,
 * else the realm's (`configuration.max_recording_duration`); zero or negative,
 * no maximum. Time is `now()` (ms), read when a request arrives. Each URN is added to `media`, where
 * the audio operations find it.
 */
export function createSiprecRecorder(scenario: SandboxScenario, now: () => number, media?: RecordedMedia) {
  const recordings = new Map<string, Recording>();
  /** The media URN of each recording id's latest recording. */
  const latest = new Map<string, string>();
  let started = 0;

  function startRecording(request: JsonMessage): JsonMessage {
    const violations = new FieldViolations();
    violations.requireText(request, ['gk_scope_id', 'gk_engagement_id', 'gk_session_id', 'recording_id']);
    checkSideAndCaller(violations, request);
    violations.failIfAny();
    const recordingId = request.recording_id as string;
    const known = scenario.recordings.find(recordingId);
    if (known === undefined)
      throw new StatusFailure(
        'NOT_FOUND',
        `recording_id '${recordingId}' matches no SIPREC recording`,
        'recording_id',
      );
    const extension = request.agent_extension as string | undefined;
    if (known.agent_extension_required === true && extension === undefined)
      throw new StatusFailure(
        'NOT_FOUND',
        `the connector of recording '${recordingId}' needs agent_extension`,
        'agent_extension',
      );
    if (extension !== undefined && known.agent_extension !== undefined && extension !== known.agent_extension)
      throw new StatusFailure(
        'NOT_FOUND',
        `no agent extension '${extension}' on recording '${recordingId}'`,
        'agent_extension',
      );
    const running = findRunning(recordingId);
    if (running !== undefined)
      throw new StatusFailure(
        'ALREADY_EXISTS',
        `recording '${recordingId}' is still running (media_urn '${running}'); StopRecording it first`,
        'recording_id',
      );
    const requested = request.max_recording_duration as string | undefined;
    const maxSeconds =
      requested === undefined ? (scenario.configuration.max_recording_duration ?? 0) : readSeconds(requested);
    const startedAt = now();
    started += 1;
    const urn = `${MEDIA_URN_PREFIX}${encodeURIComponent(recordingId)}:${started}`;
    media?.addRecording(urn, recordingId);
    keep(urn, { recordingId, startedAt, endsAt: maxSeconds > 0 ? startedAt + maxSeconds * 1000 : undefined });
    return { status: OK_STATUS, media_urn: urn };
  }

  /**
   * The media URN of the recording of `recordingId` that has neither been stopped nor reached its maximum:
   * only the latest of an id can be, since a second one is refused while the first runs.
   */
  function findRunning(recordingId: string): string | undefined {
    const urn = latest.get(recordingId);
    const recording = urn === undefined ? undefined : recordings.get(urn);
    if (recording === undefined || recording.stoppedAt !== undefined) return undefined;
    return recording.endsAt === undefined || now() < recording.endsAt ? urn : undefined;
  }

  function keep(urn: string, recording: Recording): void {
    recordings.set(urn, recording);
    latest.set(recording.recordingId, urn);
    if (recordings.size <= MAX_RECORDINGS) return;
    const [oldest, forgotten] = recordings.entries().next().value as [string, Recording];
    recordings.delete(oldest);
    if (latest.get(forgotten.recordingId) === oldest) latest.delete(forgotten.recordingId);
    media?.forget(oldest);
  }

  function stopRecording(request: JsonMessage): JsonMessage {
    validateRequest((violations) => violations.requireText(request, ['media_urn']));
    const recording = recordings.get(request.media_urn as string);
    if (recording === undefined)
      throw new StatusFailure(
        'NOT_FOUND',
        `no recording has media_urn '${String(request.media_urn)}'`,
        'media_urn',
      );
    const at = now();
    const ended =
      recording.stoppedAt ??
      (recording.endsAt !== undefined && at >= recording.endsAt ? recording.endsAt : undefined);
    if (ended === undefined) {
      recording.stoppedAt = at;
      return { status: OK_STATUS };
    }
    const how = recording.stoppedAt === undefined ? 'at its maximum duration' : 'by an earlier StopRecording';
    const message = `the recording had already stopped ${how}, ${(ended - recording.startedAt) / 1000}s after it started`;
    return { status: { ...OK_STATUS, status_message: { locale: 'en-US', message } } };
  }

  return { startRecording, stopRecording };
}

/** StartRecording's fields after `recording_id`, in their order: the side, and the caller when given. */
function checkSideAndCaller(violations: FieldViolations, request: JsonMessage): void {
  if (!RECORDING_SIDES.has(request.recording_side as string))
    violations.add(
      'recording_side',
      'recording_side is required: RECORDING_SIDE_1, RECORDING_SIDE_2 or RECORDING_SIDE_ALL',
    );
  const caller = request.caller_attributes as JsonMessage | undefined;
  if (caller === undefined) return;
  if (caller.channel_index === undefined)
    violations.add('caller_attributes.channel_index', 'caller_attributes.channel_index is required');
  violations.requireText(caller, ['person_id'], 'caller_attributes.');
}
