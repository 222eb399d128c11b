import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadSandboxScenario, playIvrSteps } from '../../src/sandbox';
import { DEFAULT_FLOW_TIMING, FLOW_NODES, type TimelineEntry } from '../../src/sandbox/flow';

/** `configuration.flow_timing` and `wait` steps, played by `sandbox run` on simulated time. */
const CALL = `
persons:
  - { id: C-1, enroll_status: TRAINED }
media:
  - { id: seg-call, duration: 12, net_audio: 12 }
outcomes:
  - { operation: verify, decision: POSITIVE, score: 0.9 }
recordings:
  - { recording_id: rec-call, media: seg-call }
`;
const STEPS = `
ivr_steps:
  - { operation: StartIVRSession, request: { gk_scope_id: bank, call_id: c-1, recording_id: rec-call } }
  - { operation: SubmitPersonId, request: { person_id: C-1 } }
  - { wait: 9s, description: the caller talks }
  - { operation: EndIVRSession }
`;

async function load(text: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'sandbox-timing-'));
  writeFileSync(path.join(dir, 'scenario.yaml'), text);
  return loadSandboxScenario('scenario.yaml', dir);
}

/** Simulated seconds since the session opened, of each entry `matches` picks. */
function secondsOf(timeline: TimelineEntry[], matches: (e: TimelineEntry) => boolean): number[] {
  const origin = Date.parse(timeline[0]!.at);
  return timeline.filter(matches).map((e) => (Date.parse(e.at) - origin) / 1000);
}

const isEvent = (name: string) => (e: TimelineEntry) => e.kind === 'event' && e.event === name;
const isNode = (node: string, state: string) => (e: TimelineEntry) =>
  e.kind === 'node' && e.node === node && e.state === state;

async function play(configuration: string) {
  const { scenario, diagnostics } = await load(`configuration: ${configuration}\n${CALL}${STEPS}`);
  expect(diagnostics).toEqual([]);
  return playIvrSteps(scenario!, undefined, { start: Date.parse('2026-05-01T09:00:00Z') });
}

describe('the flow timing of the configuration, and wait steps', () => {
  it('waits: the clock moves by the step, the flow running meanwhile', async () => {
    const played = await play('{}');
    expect(played.steps[2]).toEqual({ wait: '9s', description: 'the caller talks' });
    const { timeline } = played.sessions[0]!;
    expect(secondsOf(timeline, isEvent('CALL_ENDED'))).toEqual([9]);
    expect(secondsOf(timeline, isEvent('HEARTBEAT'))).toEqual([5]);
    expect(secondsOf(timeline, isNode('Verify', 'STARTED'))).toEqual([
      DEFAULT_FLOW_TIMING.minNetAudio.Verify,
    ]);
  });

  it('runs at the timing and minimums the configuration sets', async () => {
    const played = await play(
      '{ flow_timing: { heartbeat: 2, processing: 1.5, min_net_audio: { Verify: 4 } } }',
    );
    const { timeline } = played.sessions[0]!;
    expect(secondsOf(timeline, isEvent('HEARTBEAT'))).toEqual([2, 4, 6, 8]);
    expect(secondsOf(timeline, isNode('Verify', 'STARTED'))).toEqual([4]);
    expect(secondsOf(timeline, isNode('Verify', 'COMPLETED'))).toEqual([5.5]);
    expect(played.sessions[0]!.decision).toMatchObject({ decision: 'POSITIVE' });
  });

  it('has a default minimum for every flow node, and for nothing else', () => {
    expect(Object.keys(DEFAULT_FLOW_TIMING.minNetAudio)).toEqual([...FLOW_NODES]);
  });
});

describe('checking them', () => {
  it.each([
    ['{ wait: 5s, operation: EndIVRSession }', 'an IVR step is an operation or a wait, not both'],
    ['{ description: nothing }', 'an IVR step needs an operation (an IVRBot method) or a wait (such as 5s)'],
    ['{ wait: 5s, request: {} }', 'a wait step takes no request'],
    ['{ wait: 5 sec }', "'wait' must match pattern"],
  ])('refuses the step %s', async (step, message) => {
    const { scenario, diagnostics } = await load(`ivr_steps:\n  - ${step}\n`);
    expect(scenario).toBeUndefined();
    expect(diagnostics.map((d) => d.message).join('\n')).toContain(message);
  });

  it('refuses an unknown timing, with a did-you-mean', async () => {
    const { scenario, diagnostics } = await load('configuration: { flow_timing: { heartbeats: 2 } }\n');
    expect(scenario).toBeUndefined();
    expect(diagnostics[0]).toMatchObject({ suggestion: expect.stringContaining('heartbeat') });
  });

  it('refuses a zero heartbeat: the flow would never move on', async () => {
    const { scenario, diagnostics } = await load('configuration: { flow_timing: { heartbeat: 0 } }\n');
    expect(scenario).toBeUndefined();
    expect(diagnostics[0]!.message).toContain('heartbeat');
  });
});
