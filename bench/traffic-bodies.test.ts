import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cycleVariables, EVENTS_PER_SESSION, writeBodiesFile } from './traffic-bodies';
import { createHandWrittenWebhook } from './traffic-hand-written';

type Body = { session_variables: Record<string, string> };

describe('the traffic suite’s HTTP bodies', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rulehook-bodies-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('are 3,000 different 200-variable events of 1,000 sessions, one per line, step-major', () => {
    const file = path.join(dir, 'bodies');
    expect(writeBodiesFile(file, 1_000)).toBe(3_000);
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    expect(new Set(lines).size).toBe(3_000);
    const events = lines.map((line) => (JSON.parse(line) as Body).session_variables);
    expect(new Set(events.map((v) => Object.keys(v).length))).toEqual(new Set([200]));
    expect(events.map((v) => v['state.sessionId'])).toEqual(
      lines.map((_line, i) => `traffic-${String(i % 1_000).padStart(6, '0')}`),
    );
  });

  it('make changed fire after a call’s first event on even sessions, cycling, and once only on the first cycle', () => {
    // The hand-written webhook answers as rulehook does (the suite checks it before timing): an oracle here.
    const answer = createHandWrittenWebhook(10);
    const fired = (session: number, step: number): string[] =>
      (answer(cycleVariables(session, step)).session_variable_updates ?? []).map((u) => u.key);
    for (const session of [4, 5]) {
      const cycles = [0, 1].map(() =>
        Array.from({ length: EVENTS_PER_SESSION }, (_, step) => fired(session, step)),
      );
      const moved = cycles.map((steps) => steps.map((keys) => keys.includes('traffic.verify-moved')));
      const greeted = cycles.map((steps) => steps.map((keys) => keys.includes('traffic.greet')));
      if (session % 2 === 0) {
        expect(moved).toEqual([
          [true, false, true],
          [true, false, true],
        ]);
        expect(greeted).toEqual([
          [true, true, true],
          [false, false, false],
        ]);
      } else {
        expect(moved).toEqual([
          [true, false, false],
          [false, false, false],
        ]);
        expect(greeted.flat()).not.toContain(true);
      }
    }
  });
});
