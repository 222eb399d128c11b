import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { measureSessionMemory, VARIABLES, type SessionMemoryReport } from './session-memory-heap';
import type { RunOptions, Suite } from './suite';
import { formatCount, printTable } from './table';

const SESSIONS = 100_000;
const GOAL_BYTES = 4_096;

/** Runs the measurement here when gc is exposed, else in a child node with --expose-gc. */
async function measureHeap(sessions: number): Promise<SessionMemoryReport> {
  if ((globalThis as { gc?: () => void }).gc !== undefined) return measureSessionMemory(sessions);
  const out = execFileSync(
    process.execPath,
    ['--expose-gc', path.join(__dirname, 'session-memory-child.js'), String(sessions)],
    { encoding: 'utf8', maxBuffer: 1 << 20 },
  );
  return JSON.parse(out) as SessionMemoryReport;
}

/**
 * Heap per session of the memory store (`--state memory`) at 100,000
 * sessions, through the real processor path. An absolute figure, not a
 * ratio: heap bytes do not depend on the machine's load.
 */
export const sessionMemorySuite: Suite = {
  name: 'session-memory',
  title: `heap per session of the memory store, ${formatCount(SESSIONS)} sessions of ${VARIABLES} variables`,
  async run(options: RunOptions) {
    const report = await measureHeap(options.quick ? 1_000 : SESSIONS);
    const perSession = report.heapBytesPerSession;
    printTable(
      'session-memory: heap retained by the memory store after one event per session (node --expose-gc)',
      ['sessions', 'heap/session', 'store estimate/session', 'goal'],
      [
        [
          formatCount(report.sessions),
          `${formatCount(perSession)} B`,
          `${formatCount(report.estimatedBytesPerSession)} B`,
          `≤ ${formatCount(GOAL_BYTES)} B`,
        ],
      ],
    );
    return [
      {
        path: 'store',
        subject: `memory store, ${formatCount(report.sessions)} sessions (once, changed, filter)`,
        baseline: '(absolute: heap bytes per session)',
        measured: { value: perSession, unit: 'B/session' },
        figures: `${formatCount(perSession)} B/session (store's estimate ${formatCount(report.estimatedBytesPerSession)} B)`,
        goal: `≤ ${formatCount(GOAL_BYTES)} B/session`,
        met: perSession <= GOAL_BYTES,
      },
    ];
  },
};
