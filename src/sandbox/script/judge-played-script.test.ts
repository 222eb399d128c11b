import type { SessionReport, TimelineEntry } from '../flow/session-timeline';
import { formatVerdict, judgePlayedScript } from './judge-played-script';
import type { PlayedScript } from './play-ivr-steps';

const AT = '2026-05-01T09:00:00.000Z';
const refused = { kind: 'connect' as const, message: 'connect ECONNREFUSED 127.0.0.1:9' };

function answer(seq: number, failure: typeof refused | null): TimelineEntry {
  const base = {
    at: AT,
    kind: 'answer' as const,
    seq,
    fired: null,
    updates: [],
    nodes_to_override: [],
    actions: [],
  };
  return { ...base, result_code: failure === null ? 200 : null, failure };
}

function session(id: string, timeline: TimelineEntry[]): SessionReport {
  return {
    call_session_id: id,
    ended: true,
    decision: null,
    webhook_failures: 0,
    nodes: {} as SessionReport['nodes'],
    variables: {},
    timeline,
  };
}

const event = (seq: number, name: string): TimelineEntry => ({
  at: AT,
  kind: 'event',
  seq,
  event: name,
  sent: true,
  reason: null,
  entry: null,
  delta: [],
});

function played(failures: number, status = 'OK', expected = 'OK'): PlayedScript {
  const timeline = [event(1, 'CALL_STARTED'), answer(1, null)];
  for (let seq = 2; seq < 2 + failures; seq++)
    timeline.push(event(seq, 'AUDIO_PROGRESS'), answer(seq, refused));
  return {
    steps: [
      { wait: '1s', description: undefined },
      {
        operation: 'EndIVRSession',
        description: undefined,
        request: {},
        response: { status: { status_code: status } },
        expected_status: expected,
      },
    ],
    sessions: [session('cs-1', timeline)],
  };
}

describe('judgePlayedScript', () => {
  it('passes a run whose steps answered what they expect and whose webhook calls all answered', () => {
    expect(judgePlayedScript(played(0), { allowWebhookFailures: false })).toEqual({
      passed: true,
      step_failures: [],
      webhook_failures: [],
    });
    expect(
      judgePlayedScript(played(0, 'NOT_FOUND', 'NOT_FOUND'), { allowWebhookFailures: false }).passed,
    ).toBe(true);
  });

  it('fails a step that answered another status, counting waits among the steps', () => {
    const verdict = judgePlayedScript(played(0, 'NOT_FOUND'), { allowWebhookFailures: true });
    expect(verdict).toMatchObject({
      passed: false,
      step_failures: [
        { step: 2, operation: 'EndIVRSession', status_code: 'NOT_FOUND', expected_status: 'OK' },
      ],
    });
  });

  it('fails on failed webhook calls unless allowed, naming each with its event', () => {
    const verdict = judgePlayedScript(played(7), { allowWebhookFailures: false });
    expect(verdict.passed).toBe(false);
    expect(verdict.webhook_failures).toHaveLength(7);
    expect(verdict.webhook_failures[0]).toEqual({
      call_session_id: 'cs-1',
      seq: 2,
      event: 'AUDIO_PROGRESS',
      at: AT,
      ...refused,
    });
    expect(judgePlayedScript(played(7), { allowWebhookFailures: true }).passed).toBe(true);
  });

  it('sums the failures up: the first five, then how many more', () => {
    const options = { allowWebhookFailures: false };
    const text = formatVerdict(judgePlayedScript(played(7), options), options);
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toBe(
      'rulehook sandbox run: 7 webhook calls failed (--allow-webhook-failures lets a run pass with them):',
    );
    expect(lines[1]).toBe('  cs-1 #2 AUDIO_PROGRESS: connect: connect ECONNREFUSED 127.0.0.1:9');
    expect(lines.slice(6)).toEqual(['  and 2 more']);
    expect(formatVerdict(judgePlayedScript(played(0), options), options)).toBe('');
  });
});
