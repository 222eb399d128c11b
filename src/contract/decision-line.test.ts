import { createEmptyResponse } from './types';
import { encodeDecisionLine, type EventDecision, type LogMask } from './decision-line';

const decision: EventDecision = {
  time: Date.UTC(2026, 0, 2, 3, 4, 5, 678),
  requestId: 'r-1',
  revision: 'abc123',
  durationMs: 0.12345,
  variables: { 'state.currentEvent': 'PERSON_IDENTIFIED', 'call.ani': '+14155550142' },
  fired: ['fraud/check'],
  response: {
    ...createEmptyResponse(),
    session_variable_updates: [
      { key: 'call.ani', value: '+14155550142' },
      { key: 'risk.level', value: 'HIGH' },
    ],
  },
};

describe('encodeDecisionLine', () => {
  it('writes one line: time, request id, revision, duration (µs precision), event, fired, wire response', () => {
    const line = encodeDecisionLine(decision);
    expect(line.endsWith('}\n')).toBe(true);
    expect(line.indexOf('\n')).toBe(line.length - 1);
    expect(Object.keys(JSON.parse(line) as object)).toEqual([
      'time',
      'request_id',
      'revision',
      'duration_ms',
      'session_variables',
      'fired',
      'response',
    ]);
    expect(JSON.parse(line)).toEqual({
      time: '2026-01-02T03:04:05.678Z',
      request_id: 'r-1',
      revision: 'abc123',
      duration_ms: 0.123,
      session_variables: decision.variables,
      fired: ['fraud/check'],
      response: { result_code: 200, session_variable_updates: decision.response.session_variable_updates },
    });
  });

  it('writes what the mask makes of the variables and the response, leaving the decision as it was', () => {
    const mask: LogMask = {
      maskVariables: (v) => v,
      maskDecision: (v, r) => ({
        variables: { ...v, 'call.ani': `masked(${v['call.ani']})` },
        response: { ...r, session_variable_updates: [{ key: 'seen', value: v['call.ani']!.slice(0, 3) }] },
      }),
    };
    const parsed = JSON.parse(encodeDecisionLine(decision, mask)) as {
      session_variables: Record<string, string>;
      response: { session_variable_updates: { key: string; value: string }[] };
    };
    expect(parsed.session_variables['call.ani']).toBe('masked(+14155550142)');
    expect(parsed.response.session_variable_updates).toEqual([{ key: 'seen', value: '+14' }]);
    expect(decision.variables['call.ani']).toBe('+14155550142');
    expect(decision.response.session_variable_updates[0]!.value).toBe('+14155550142');
  });
});
