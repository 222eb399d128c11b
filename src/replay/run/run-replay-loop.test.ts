import { Readable } from 'node:stream';
import { createEmptyResponse, type SessionVariables } from '../../contract';
import { EngineSimulator, type SimulatedWebhook } from '../../simulation';
import { createRecordingSource } from '../input/open-recording';
import type { ReplayedEvent } from '../lanes/replay-lane';
import { runReplayLoop, type ReplayLoopOptions } from './run-replay-loop';

const line = (session: string, event: string, extra: Record<string, string> = {}) =>
  JSON.stringify({
    session_variables: { 'state.sessionId': session, 'state.currentEvent': event, ...extra },
  });

/** A webhook that answers after `delayMs(session)` and remembers the order of the calls it got. */
function slowWebhook(delayMs: (session: string) => number) {
  const calls: string[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const webhook: SimulatedWebhook = {
    async call(session: string | undefined, variables: SessionVariables) {
      calls.push(`${session}:${variables['state.currentEvent']}`);
      maxInFlight = Math.max(maxInFlight, ++inFlight);
      await new Promise((r) => setTimeout(r, delayMs(session ?? '')));
      inFlight--;
      return { response: createEmptyResponse(), fired: [] };
    },
  };
  return { webhook, calls, maxInFlight: () => maxInFlight };
}

async function run(lines: string[], webhook: SimulatedWebhook, options: Partial<ReplayLoopOptions> = {}) {
  const out: ReplayedEvent[] = [];
  const end = await runReplayLoop({
    sources: [createRecordingSource('-', '/', Readable.from([lines.join('\n')]))],
    lanes: [{ simulator: new EngineSimulator(webhook) }],
    sessionKey: 'state.sessionId',
    window: 100,
    onBadLine: () => undefined,
    onEvent: (e) => void out.push(e),
    ...options,
  });
  return { end, out };
}

describe('runReplayLoop', () => {
  const recording = [
    line('slow', 'A'),
    line('fast', 'A'),
    line('slow', 'B'),
    line('fast', 'B'),
    line('slow', 'C'),
    line('fast', 'C'),
  ];

  it('overlaps sessions, keeps each session in order, and reports in input order', async () => {
    const slow = slowWebhook((s) => (s === 'slow' ? 30 : 1));
    const { end, out } = await run(recording, slow.webhook);
    expect(end).toBe('end');
    expect(out.map((e) => e.line)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(slow.calls.filter((c) => c.startsWith('slow'))).toEqual(['slow:A', 'slow:B', 'slow:C']);
    // The fast session did not wait for the slow one.
    expect(slow.calls.indexOf('fast:C')).toBeLessThan(slow.calls.indexOf('slow:B'));
    expect(slow.maxInFlight()).toBe(2);
  });

  it('is strictly sequential with a window of 1', async () => {
    const slow = slowWebhook(() => 1);
    await run(recording, slow.webhook, { window: 1 });
    expect(slow.calls).toEqual(['slow:A', 'fast:A', 'slow:B', 'fast:B', 'slow:C', 'fast:C']);
    expect(slow.maxInFlight()).toBe(1);
  });

  it('replays only the session asked for', async () => {
    const { out } = await run(recording, slowWebhook(() => 0).webhook, { session: 'fast' });
    expect(out.map((e) => [e.line, e.outcomes[0]!.event.seq])).toEqual([
      [2, 1],
      [4, 2],
      [6, 3],
    ]);
  });

  it('loops with fresh session ids until the duration is over', async () => {
    const loop = (file: string) => createRecordingSource(file, process.cwd(), Readable.from([]));
    const { end, out } = await run([], slowWebhook(() => 0).webhook, {
      sources: [loop('test/fixtures/replay/filters/recording.jsonl')],
      loop: true,
      durationMs: 150,
      rate: 200,
    });
    expect(end).toBe('duration');
    const sessions = new Set(out.map((e) => e.outcomes[0]!.event.session));
    expect(sessions).toContain('s-a');
    expect(sessions).toContain('s-a#2');
    expect(out.length).toBeLessThanOrEqual(31);
    // Every pass starts its sessions afresh.
    expect(out.find((e) => e.outcomes[0]!.event.session === 's-a#2')!.outcomes[0]!.event.seq).toBe(1);
  });

  it('stops raising events when aborted, and reports those raised', async () => {
    const controller = new AbortController();
    const seen: number[] = [];
    const { end } = await run(recording, slowWebhook(() => 5).webhook, {
      signal: controller.signal,
      onEvent: (e) => {
        seen.push(e.line);
        controller.abort();
      },
      window: 1,
    });
    expect(end).toBe('aborted');
    expect(seen).toEqual([1]);
  });

  it('passes bad lines on in input order, and stops when told to', async () => {
    const bad: number[] = [];
    await expect(
      run([line('s', 'A'), 'oops', line('s', 'B'), '[]'], slowWebhook(() => 0).webhook, {
        onBadLine: (item) => {
          bad.push(item.line);
          if (item.line === 4) throw new Error('strict');
        },
      }),
    ).rejects.toThrow('strict');
    expect(bad).toEqual([2, 4]);
  });
});
