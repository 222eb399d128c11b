import type { CallSession } from './call-session';
import type { DecidedSession } from './session-timeline';

/** Whether a session still takes operations (`live`) or EndIVRSession ended it (`ended`). */
export type SessionState = 'live' | 'ended';

export const SESSION_STATES: readonly SessionState[] = ['live', 'ended'];

/** One entry of `GET /v1/sandbox/sessions`: who called, on what, when, and what was decided. */
export interface SessionSummary {
  call_session_id: string;
  call_id: string;
  recording_id: string;
  /** null until SubmitPersonId. */
  person_id: string | null;
  state: SessionState;
  /** RFC 3339, UTC, by the sandbox's clock. */
  started_at: string;
  /** null while live. */
  ended_at: string | null;
  /** As the timeline's: null until the session is decided. */
  decision: DecidedSession | null;
  /** The webhook calls of the session that brought no usable answer (its timeline's failed answers). */
  webhook_failures: number;
}

/** Which sessions a listing keeps: each given field must equal the session's. */
export interface SessionFilter {
  callId?: string;
  personId?: string;
  recordingId?: string;
  state?: SessionState;
  decided?: boolean;
  /** true: sessions with at least one failed webhook call; false: those with none. */
  webhookFailed?: boolean;
}

export function summarizeSession(session: CallSession): SessionSummary {
  return {
    call_session_id: session.id,
    call_id: session.call.callId,
    recording_id: session.call.recordingId,
    person_id: session.personId ?? null,
    state: session.ended ? 'ended' : 'live',
    started_at: new Date(session.startedAt).toISOString(),
    ended_at: session.endedAt === undefined ? null : new Date(session.endedAt).toISOString(),
    decision: session.decision ?? null,
    webhook_failures: session.countWebhookFailures(),
  };
}

export function matchSession(summary: SessionSummary, filter: SessionFilter): boolean {
  return (
    (filter.callId === undefined || summary.call_id === filter.callId) &&
    (filter.personId === undefined || summary.person_id === filter.personId) &&
    (filter.recordingId === undefined || summary.recording_id === filter.recordingId) &&
    (filter.state === undefined || summary.state === filter.state) &&
    (filter.decided === undefined || (summary.decision !== null) === filter.decided) &&
    (filter.webhookFailed === undefined || summary.webhook_failures > 0 === filter.webhookFailed)
  );
}
