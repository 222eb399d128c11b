import { createEmptyResponse, type CustomLogicResponse } from '../../contract';
import type { SimulatedEvent } from '../../simulation';
import { describeResponse, describeStatus } from './describe-outcome';
import { formatJsonlLine } from './format-jsonl';
import { formatSummary } from './format-summary';
import { ReplayStats } from '../stats/replay-stats';

const response: CustomLogicResponse = {
  ...createEmptyResponse(),
  actions_to_perform: [{ action: 'Enroll', parameters: { person_id: 'C-1' } }],
  session_variable_updates: [{ key: 'enrollment.state', value: 'ENROLL_REQUESTED' }],
  nodes_to_override: [{ node_names: ['Enroll'], enable: false }],
  event_filter: { keys_to_ignore: ['audio.*'], values_to_ignore: {}, events_to_ignore: [] },
};
const sent: SimulatedEvent = {
  session: 's-1',
  seq: 3,
  event: 'OPT_IN_RECEIVED',
  variables: {},
  sent: true,
  reason: null,
  entry: null,
  delta: ['person.optIn'],
  fired: ['enrollment/enroll'],
  response,
};

describe('the jsonl contract', () => {
  it('writes the fields in order, the response as wire JSON', () => {
    expect(formatJsonlLine({ file: 'day1.jsonl', line: 17 }, { event: sent })).toBe(
      '{"file":"day1.jsonl","line":17,"session":"s-1","seq":3,"event":"OPT_IN_RECEIVED","sent":true,"reason":null,' +
        '"entry":null,"delta":["person.optIn"],"fired":["enrollment/enroll"],"response":{"result_code":200,' +
        '"actions_to_perform":[{"action":"Enroll","parameters":{"person_id":"C-1"}}],' +
        '"session_variable_updates":[{"key":"enrollment.state","value":"ENROLL_REQUESTED"}],' +
        '"nodes_to_override":[{"node_names":["Enroll"],"enable":false}],"event_filter":{"keys_to_ignore":["audio.*"]}}}\n',
    );
  });

  it('adds error only when a call failed', () => {
    const failed = { event: { ...sent, fired: null, response: null }, error: 'HTTP 500: x' };
    expect(JSON.parse(formatJsonlLine({ file: '-', line: 1 }, failed))).toMatchObject({
      fired: null,
      response: null,
      error: 'HTTP 500: x',
    });
  });
});

describe('describeStatus and describeResponse', () => {
  it('say what happened and what the engine is asked to do', () => {
    expect(describeStatus({ event: sent })).toBe('sent, fired enrollment/enroll');
    expect(describeStatus({ event: { ...sent, fired: [] } })).toBe('sent, no rule fired');
    expect(describeStatus({ event: { ...sent, fired: null } })).toBe('sent');
    expect(
      describeStatus({
        event: { ...sent, sent: false, reason: 'keys_to_ignore', entry: 'audio.*', delta: ['audio.a'] },
      }),
    ).toBe('filtered: keys_to_ignore "audio.*" (changed: audio.a)');
    expect(describeResponse(response)).toEqual([
      'schedule Enroll(person_id="C-1")',
      'set enrollment.state = "ENROLL_REQUESTED"',
      'disable Enroll',
      'filter keys_to_ignore audio.*',
    ]);
  });
});

describe('formatSummary', () => {
  it('counts events, sessions, sent, filtered by reason, operations by action, rules fired and never fired', () => {
    const stats = new ReplayStats();
    stats.add({ event: { ...sent, seq: 1 } });
    stats.add({
      event: {
        ...sent,
        seq: 2,
        sent: false,
        reason: 'events_to_ignore',
        entry: 'HB*',
        fired: null,
        response: null,
      },
    });
    const text = formatSummary({
      stats,
      files: 1,
      rules: ['enrollment/enroll', 'enrollment/hold'],
      elapsedMs: 1000,
      end: 'end',
    });
    expect(text).toContain('  events       2 from 1 file\n');
    expect(text).toContain('  sessions     1\n');
    expect(text).toContain('  sent         1 (50.0%)\n');
    expect(text).toContain('  filtered     1: events_to_ignore 1\n');
    expect(text).toContain('  operations   1: Enroll 1\n');
    expect(text).toContain('  overrides    disable 1 node, enable 0 nodes\n');
    expect(text).toContain('    enrollment/enroll  1\n');
    expect(text).toContain('  never fired\n    enrollment/hold\n');
    expect(text).toContain('  time         1.0 s, 2 events/s\n');
  });
});
