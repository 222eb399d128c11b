import { describeDecision } from '../flow/describe-decision';
import { endCall, identifyPerson, receiveOptIn, startCall } from '../flow/flow-operations';
import type { CallSession } from '../flow/call-session';
import type { CallSessions } from '../flow/call-sessions';
import type { SandboxScenario } from '../scenario/sandbox-scenario';
import { FieldViolations, validateRequest } from '../wire/field-violations';
import { OK_STATUS, StatusFailure } from '../wire/status';
import type { JsonMessage } from '../wire/proto-json';

/** ALREADY_EXISTS, on the field, for a `call_id` or `recording_id` a live session holds. */
function refuseIdsInUse(store: CallSessions, callId: string, recordingId: string): void {
  for (const [field, value] of [
    ['call_id', callId],
    ['recording_id', recordingId],
  ] as const) {
    const holder = store.findLive(field, value);
    if (holder !== undefined)
      throw new StatusFailure(
        'ALREADY_EXISTS',
        `${field} '${value}' belongs to call session '${holder.id}', which has not ended (EndIVRSession frees it)`,
        field,
      );
  }
}

/**
 * What the session hears, for its timeline, and the answer's message when it hears nothing because no
 * recording matches the id: an IVR's id is new per call, so the session opens anyway, without audio.
 */
function describeAudio(scenario: SandboxScenario, recordingId: string, mediaId: string | undefined) {
  if (mediaId !== undefined) return { detail: `media segment ${mediaId}`, message: undefined };
  if (scenario.recordings.find(recordingId) !== undefined)
    return { detail: 'its recording names no media segment: no audio', message: undefined };
  const message = `recording_id '${recordingId}' matches no recording of the scenario: the session has no audio`;
  return { detail: 'matches no recording of the scenario: no audio', message };
}

const readCustomData = (request: JsonMessage): Record<string, string> =>
  (request.custom_data as Record<string, string> | undefined) ?? {};

/**
 * The session flow's operations: StartIVRSession opens a session on the recording its `recording_id`
 * finds (SIPREC correlation, as StartRecording; with none, a session without audio), refusing ids a live
 * session holds, and hands out the `call_session_id` every other operation needs (NOT_FOUND for any
 * other). Each answers once the events it raised have been through the engine model and the webhook, so
 * what an IVR reads next already reflects them. A request missing any of its required fields is
 * INVALID_REQUEST naming them all, before any id is looked up.
 */
export function createSessionOperations(scenario: SandboxScenario, store: CallSessions) {
  /** The session of a request whose text fields `required` (call_session_id first) are checked. */
  function find(request: JsonMessage, live: boolean, required = ['call_session_id']): CallSession {
    validateRequest((violations) => violations.requireText(request, required));
    const id = request.call_session_id as string;
    const session = store.get(id);
    if (session === undefined)
      throw new StatusFailure(
        'NOT_FOUND',
        `no call session '${id}': StartIVRSession hands out call_session_id`,
        'call_session_id',
      );
    if (live && session.ended)
      throw new StatusFailure('NOT_FOUND', `call session '${id}' has ended`, 'call_session_id');
    return session;
  }

  async function startIvrSession(request: JsonMessage): Promise<JsonMessage> {
    const violations = new FieldViolations();
    violations.requireText(request, ['gk_scope_id', 'call_id', 'recording_id']);
    violations.failIfAny();
    const callId = request.call_id as string;
    const recordingId = request.recording_id as string;
    refuseIdsInUse(store, callId, recordingId);
    const mediaId = scenario.recordings.find(recordingId)?.media;
    const variables: Record<string, string> = {};
    for (const [field, key] of [
      ['ani', 'call.ani'],
      ['dnis', 'call.dnis'],
    ] as const)
      if (typeof request[field] === 'string' && request[field] !== '') variables[key] = request[field];
    for (const [key, value] of Object.entries(readCustomData(request))) variables[`custom.${key}`] = value;
    const session = store.open({ callId, recordingId, variables });
    const audio = describeAudio(scenario, recordingId, mediaId);
    await session.serialize(async () => {
      session.note({
        kind: 'operation',
        operation: 'StartIVRSession',
        detail: `call ${callId}, recording ${recordingId}: ${audio.detail}`,
      });
      await startCall(session);
    });
    const status =
      audio.message === undefined
        ? OK_STATUS
        : { ...OK_STATUS, status_message: { locale: 'en-US', message: audio.message } };
    return { status, call_session_id: session.id };
  }

  async function submitPersonId(request: JsonMessage): Promise<JsonMessage> {
    const session = find(request, true, ['call_session_id', 'person_id']);
    const personId = request.person_id as string;
    await session.serialize(async () => {
      if (session.personId !== undefined)
        throw new StatusFailure(
          'ALREADY_EXISTS',
          `call session '${session.id}' already has person '${session.personId}'`,
          'person_id',
        );
      session.note({ kind: 'operation', operation: 'SubmitPersonId', detail: personId });
      await identifyPerson(session, personId, readCustomData(request));
    });
    return { status: OK_STATUS };
  }

  async function submitOptIn(request: JsonMessage): Promise<JsonMessage> {
    const session = find(request, true);
    const refused = await session.serialize(async () => {
      session.note({ kind: 'operation', operation: 'SubmitOptIn' });
      const why = await receiveOptIn(session);
      if (why !== undefined) session.note({ kind: 'operation', operation: 'SubmitOptIn', detail: why });
      return why;
    });
    // Still OK: the request was valid, and the opt-out the platform keeps is the person's, not an error.
    if (refused === undefined) return { status: OK_STATUS };
    return { status: { ...OK_STATUS, status_message: { locale: 'en-US', message: refused } } };
  }

  async function getSessionDecision(request: JsonMessage): Promise<JsonMessage> {
    const session = find(request, false);
    return session.serialize(() => Promise.resolve(describeDecision(session)));
  }

  async function endIvrSession(request: JsonMessage): Promise<JsonMessage> {
    const session = find(request, true);
    await session.serialize(async () => {
      session.note({ kind: 'operation', operation: 'EndIVRSession' });
      await endCall(session, readCustomData(request));
    });
    return { status: OK_STATUS };
  }

  return { startIvrSession, submitPersonId, submitOptIn, getSessionDecision, endIvrSession };
}
