import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { loadTestRules, type TestRules } from '../api/load-test-rules';
import { loadScenarioFile } from '../scenario/load-scenario-file';
import { buildRecordedTest } from './build-recorded-test';
import { diffExpectations } from './diff-expectations';
import { formatRecordedScenario, readRecordingLine } from './format-recorded-scenario';
import { makeRecordedScenario } from './make-recorded-scenario';
import type { RecordedCall } from './recorded-call';

const RULES = `ruleset: t
rules:
  - id: start
    on: CALL_STARTED
    then:
      filter: { keys_to_ignore: ["audio.*"] }
  - id: verify
    on: VERIFY_COMPLETED
    if: { var: verify.score, lt: 0.3 }
    then:
      schedule:
        - action: Enroll
          parameters: { person_id: "\${person.id}" }
      set: { enrollment.state: REQUESTED }
      disable: [Verify]
`;

const at = (line: number, event: string, vars: Record<string, string> = {}) => ({
  line,
  variables: { 'state.sessionId': 'c-1', 'state.currentEvent': event, ...vars },
});

const CALL: RecordedCall = {
  session: 'c-1',
  events: [
    at(1, 'CALL_STARTED', { 'person.id': 'P-7', 'call.ani': '+1555' }),
    at(3, 'AUDIO_PROGRESS', { 'person.id': 'P-7', 'call.ani': '+1555', 'audio.netSeconds': '2.0' }),
    at(4, 'VERIFY_COMPLETED', { 'person.id': 'P-7', 'audio.netSeconds': '2.0', 'verify.score': '0.1' }),
  ],
};

let dir: string;
let rules: TestRules;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'rulehook-recorded-'));
  await writeFile(path.join(dir, 'rules.yaml'), RULES);
  rules = await loadTestRules('rules.yaml', { cwd: dir });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('buildRecordedTest', () => {
  it('writes each event with only the variables it added or changed, named by event and session', () => {
    const { test, warnings } = buildRecordedTest(CALL, 'day1.jsonl');
    expect(test).toMatchObject({ name: 'c-1', session: 'c-1' });
    expect(test.description).toBe('recorded call: day1.jsonl, 3 events, lines 1 to 4');
    expect(test.events).toEqual([
      { event: 'CALL_STARTED', variables: { 'person.id': 'P-7', 'call.ani': '+1555' } },
      { event: 'AUDIO_PROGRESS', variables: { 'audio.netSeconds': '2.0' } },
      { event: 'VERIFY_COMPLETED', variables: { 'verify.score': '0.1' } },
    ]);
    expect(warnings).toEqual([
      'day1.jsonl:4: call.ani is no longer in the call (session c-1); a scenario cannot remove a variable, so the test keeps the earlier value',
    ]);
  });

  it('leaves out an event that changed nothing but its name', () => {
    const call = { session: 'c-1', events: [at(1, 'A', { x: '1' }), at(2, 'B', { x: '1' })] };
    expect(buildRecordedTest(call, 'r.jsonl').test.events).toEqual([
      { event: 'A', variables: { x: '1' } },
      { event: 'B' },
    ]);
  });
});

describe('makeRecordedScenario', () => {
  const make = (engine = {}) =>
    makeRecordedScenario({ calls: [CALL], recording: 'day1.jsonl', rulesPath: '.', rules, engine });

  it("expects today's answers exactly: filtered events, operations, updates, overrides, filter", async () => {
    const { spec } = await make();
    expect(spec.engine).toBeUndefined();
    expect(spec.tests![0]!.events!.map((e) => e.expect)).toEqual([
      {
        fired: ['t/start'],
        operations: [],
        updates: [],
        nodes: [],
        filter: { exactly: { keys_to_ignore: ['audio.*'] } },
      },
      { sent: false, reason: 'keys_to_ignore', entry: 'audio.*' },
      {
        fired: ['t/verify'],
        operations: { exactly: [{ action: 'Enroll', parameters: { person_id: 'P-7' } }] },
        updates: { exactly: { 'enrollment.state': 'REQUESTED' } },
        nodes: [{ node_names: ['Verify'], enable: false }],
        filter: null,
      },
    ]);
  });

  it('writes the engine settings that are not the default, so the test is simulated the same way', async () => {
    const { spec } = await make({ ownUpdates: 'applied', laterFilter: 'adds' });
    expect(spec.engine).toEqual({ later_filter: 'adds' });
  });
});

describe('formatRecordedScenario', () => {
  it('says where the file came from and how to refresh it, and reads back as the same data', async () => {
    const { spec } = await makeRecordedScenario({
      calls: [CALL],
      recording: 'day1.jsonl',
      rulesPath: '.',
      rules,
      engine: {},
    });
    const text = formatRecordedScenario(spec, {
      recording: 'recordings/day1.jsonl',
      written: 'rulehook test --from-recording recordings/day1.jsonl --write day1.test.yaml',
      refresh: 'rulehook test --update --write day1.test.yaml',
    });
    expect(text).toContain('#   rulehook test --update --write day1.test.yaml\n');
    expect(readRecordingLine(text)).toBe('recordings/day1.jsonl');
    expect(parse(text)).toEqual(JSON.parse(JSON.stringify(spec)));
    // The checks of `rulehook test` and the language server find nothing to say.
    expect(loadScenarioFile('day1.test.yaml', text).diagnostics).toEqual([]);
    // Values stay text; short parts are written on one line.
    expect(text).toContain('variables: { audio.netSeconds: "2.0" }');
    expect(text).toContain('expect: { sent: false, reason: keys_to_ignore, entry: audio.* }');
  });
});

describe('diffExpectations', () => {
  it('shows, per test and event, the expectation lines that changed; nothing when none did', async () => {
    const { spec } = await makeRecordedScenario({
      calls: [CALL],
      recording: 'day1.jsonl',
      rulesPath: '.',
      rules,
      engine: {},
    });
    const before = JSON.parse(JSON.stringify(spec));
    expect(diffExpectations(before, spec)).toEqual([]);
    before.tests[0].events[2].expect.updates.exactly['enrollment.state'] = 'PENDING';
    before.tests.push({ name: 'gone', events: [] });
    expect(diffExpectations(before, spec)).toEqual([
      'c-1',
      '  event 3 (VERIFY_COMPLETED)',
      '      ...',
      '      updates:',
      '        exactly:',
      '    -     enrollment.state: PENDING',
      '    +     enrollment.state: REQUESTED',
      '      nodes:',
      '        - node_names:',
      '      ...',
      '- gone: no longer written',
    ]);
  });
});
