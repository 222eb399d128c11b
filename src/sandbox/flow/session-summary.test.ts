import { matchSession, type SessionSummary } from './session-summary';

const SUMMARY: SessionSummary = {
  call_session_id: 'cs-1',
  call_id: 'call-1',
  recording_id: 'rec-a',
  person_id: null,
  state: 'live',
  started_at: '2026-05-01T09:00:00.000Z',
  ended_at: null,
  decision: null,
  webhook_failures: 0,
};

describe('matchSession', () => {
  it('keeps a session that every given field matches', () => {
    expect(matchSession(SUMMARY, {})).toBe(true);
    expect(matchSession(SUMMARY, { callId: 'call-1', state: 'live', decided: false })).toBe(true);
  });

  it('drops a session that any given field does not match', () => {
    expect(matchSession(SUMMARY, { callId: 'call-1', state: 'ended' })).toBe(false);
    expect(matchSession(SUMMARY, { personId: 'P-1' })).toBe(false);
    expect(matchSession(SUMMARY, { recordingId: 'rec-b' })).toBe(false);
    expect(matchSession(SUMMARY, { decided: true })).toBe(false);
    const decided = { ...SUMMARY, decision: { decision: 'POSITIVE', reason: undefined } };
    expect(matchSession(decided, { decided: true })).toBe(true);
  });

  it('keeps, for webhook_failed, the sessions with (true) or without (false) a failed webhook call', () => {
    const failed = { ...SUMMARY, webhook_failures: 2 };
    expect(matchSession(failed, { webhookFailed: true })).toBe(true);
    expect(matchSession(failed, { webhookFailed: false })).toBe(false);
    expect(matchSession(SUMMARY, { webhookFailed: true })).toBe(false);
    expect(matchSession(SUMMARY, { webhookFailed: false })).toBe(true);
  });
});
