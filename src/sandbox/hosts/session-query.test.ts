import { parseSessionQuery } from './session-query';

const parse = (query: string) => parseSessionQuery(new URLSearchParams(query));

describe('parseSessionQuery', () => {
  it('reads every filter, and none from an empty query', () => {
    expect(parse('')).toEqual({ ok: true, filter: {} });
    expect(parse('call_id=c-1&person_id=P-1&recording_id=rec-a&state=ended&decided=false')).toEqual({
      ok: true,
      filter: { callId: 'c-1', personId: 'P-1', recordingId: 'rec-a', state: 'ended', decided: false },
    });
    expect(parse('state=live&decided=true')).toEqual({ ok: true, filter: { state: 'live', decided: true } });
    expect(parse('webhook_failed=true')).toEqual({ ok: true, filter: { webhookFailed: true } });
    expect(parse('webhook_failed=false')).toEqual({ ok: true, filter: { webhookFailed: false } });
  });

  it.each([
    ['callId=c-1', 'callId'],
    ['state=LIVE', 'state'],
    ['decided=1', 'decided'],
    ['webhook_failed=yes', 'webhook_failed'],
    ['person_id=', 'person_id'],
    ['call_id=a&call_id=b', 'call_id'],
  ])('refuses %s, naming %s', (query, parameter) => {
    expect(parse(query)).toEqual({ ok: false, parameter, message: expect.stringContaining(parameter) });
  });
});
