import { createEmptyResponse, type CustomLogicResponse } from '../../contract';
import type { SimulatedEvent } from '../../simulation';
import { describeResponse, describeStatus } from './describe-outcome';
import { formatJsonlLine } from './format-jsonl';
import { formatSummary } from './format-summary';
import { formatTimelineEvent } from './format-timeline';
import { ReplayStats } from '../stats/replay-stats';
import { LatencyHistogram } from '../lanes/latency-histogram';
import type { TargetReport } from '../lanes/target-webhook';

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

  it('adds fired_exposed: false only when a rulehook target did not say which rules fired', () => {
    const hidden = { event: { ...sent, fired: null }, firedHidden: true as const };
    const line = JSON.parse(formatJsonlLine({ file: '-', line: 1 }, hidden));
    expect(line).toMatchObject({ fired: null, fired_exposed: false });
    expect(Object.keys(line).slice(-2)).toEqual(['response', 'fired_exposed']);
    expect(JSON.parse(formatJsonlLine({ file: '-', line: 1 }, { event: sent }))).not.toHaveProperty(
      'fired_exposed',
    );
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

describe('formatSummary against a target', () => {
  const target = (report: Partial<TargetReport>): TargetReport => ({
    url: 'http://127.0.0.1:8080',
    reportsFired: true,
    requests: 4,
    firedHidden: 0,
    failures: 0,
    latency: new LatencyHistogram(),
    errors: new Map(),
    ...report,
  });
  const summary = (report: TargetReport, fired = true) => {
    const stats = new ReplayStats();
    stats.add({ event: { ...sent, fired: fired ? ['enrollment/enroll'] : null } });
    return formatSummary({ stats, files: 1, target: report, elapsedMs: 1000, end: 'end' });
  };

  it('says once that a rulehook target does not expose fired rules, and how to make it', () => {
    const text = summary(target({ firedHidden: 3, failures: 1 }), false);
    expect(text).toContain(
      '  rules fired  unknown: the target does not expose which rules fired (start it with --expose-fired)\n',
    );
    expect(text.match(/--expose-fired/g)).toHaveLength(1);
    expect(text).toContain('(rulehook serve): 4 requests, 1 failed\n');
  });

  it('warns when only some answers said which rules fired', () => {
    const text = summary(target({ firedHidden: 2 }));
    expect(text).toContain('    enrollment/enroll  1\n');
    expect(text).toContain(
      '  warning      2 answers did not say which rules fired: the target does not expose which rules fired (start it with --expose-fired)\n',
    );
  });

  it('says nothing of it when every answer said', () => {
    expect(summary(target({}))).not.toContain('--expose-fired');
  });
});

describe('the timeline', () => {
  const statusColumn = (line: string) => line.search(/sent|filtered/);

  it('keeps its columns with a 60-character event name, which is printed whole on its own line', () => {
    const long = 'CUSTOMER_ACCOUNT_VERIFICATION_WITH_SECONDARY_BIOMETRICS_DONE';
    expect(long).toHaveLength(60);
    const short = formatTimelineEvent({ event: sent }).split('\n');
    const wide = formatTimelineEvent({ event: { ...sent, event: long } }).split('\n');
    expect(short[0]).toBe('  #3    OPT_IN_RECEIVED          sent, fired enrollment/enroll');
    expect(wide[0]).toBe(`  #3    ${long}`);
    expect(wide[1]).toBe(`${' '.repeat(statusColumn(short[0]!))}sent, fired enrollment/enroll`);
    expect(statusColumn(wide[1]!)).toBe(statusColumn(short[0]!));
    // The response's lines are as under a short name.
    expect(wide.slice(2)).toEqual(short.slice(1));
  });

  it('keeps a name exactly as wide as the column on the event line', () => {
    const exact = 'A'.repeat(24);
    const [line] = formatTimelineEvent({ event: { ...sent, event: exact } }).split('\n');
    expect(line).toBe(`  #3    ${exact} sent, fired enrollment/enroll`);
  });
});
