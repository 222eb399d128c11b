import path from 'node:path';
import { VirtualClock } from '../flow/virtual-clock';
import { loadSandboxScenario } from '../scenario/load-sandbox-scenario';
import type { SandboxScenario } from '../scenario/sandbox-scenario';
import { SandboxState } from './sandbox-state';

const START = Date.parse('2026-05-01T09:00:00Z');
const START_IVR_SESSION = '/vendor.biosec.v1.IVRBot/StartIVRSession';
let scenario: SandboxScenario;

beforeAll(async () => {
  const file = path.join(__dirname, '../../../examples/sandbox/noise-reduction.yaml');
  scenario = (await loadSandboxScenario(file, process.cwd())).scenario!;
});

function answerOf(state: SandboxState, methodPath: string) {
  return state.listServedMethods().find((m) => m.binding.path === methodPath)!.answer;
}

const waitRealMs = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('SandboxState', () => {
  it('answers each request with the state current when it arrives: a reset starts a new one', async () => {
    const state = new SandboxState(scenario, { clock: new VirtualClock(START) });
    const start = answerOf(state, START_IVR_SESSION);
    const opened = await start({ gk_scope_id: 'bank', call_id: 'c-1', recording_id: 'rec-genuine' });
    const before = state.sessions;
    expect(before.list().map((s) => s.call_session_id)).toEqual([opened.call_session_id]);
    expect(state.reset()).toEqual({
      sessions: 1,
      live_sessions: 1,
      recordings: 0,
      persons: 1,
      clock: '2026-05-01T09:00:00.000Z',
    });
    expect(state.sessions).not.toBe(before);
    expect(state.sessions.list()).toEqual([]);
    await start({ gk_scope_id: 'bank', call_id: 'c-2', recording_id: 'rec-genuine' });
    expect(state.sessions.list().map((s) => s.call_id)).toEqual(['c-2']);
  });

  it('drives its own clock from startTime, and a reset puts it back there', async () => {
    const state = new SandboxState(scenario, { startTime: START, speed: 1_000 });
    try {
      await waitRealMs(60);
      expect(state.sessions.clock.now()).toBeGreaterThan(START + 10_000);
      expect(state.reset().clock).toBe('2026-05-01T09:00:00.000Z');
      expect(state.sessions.clock.now()).toBeLessThan(START + 10_000);
      await waitRealMs(60);
      expect(state.sessions.clock.now()).toBeGreaterThan(START + 10_000);
    } finally {
      state.stop();
    }
  });

  it('without a start time, a reset keeps the time of its clock', async () => {
    const state = new SandboxState(scenario, { speed: 1_000 });
    try {
      await waitRealMs(60);
      const before = state.sessions.clock.now();
      expect(Date.parse(state.reset().clock)).toBeGreaterThanOrEqual(before);
      expect(before).toBeGreaterThan(Date.now() + 10_000);
    } finally {
      state.stop();
    }
  });
});
