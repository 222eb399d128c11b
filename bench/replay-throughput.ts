import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { hrtime } from 'node:process';
import { runReplay } from '../src/cli/commands/replay/replay';
import { writeRecording } from './generate-recording';
import { measure, summarize, type Summary } from './measure';
import { REPO_ROOT } from './paths';
import { check, type ResultRow, type RunOptions, type Suite } from './suite';
import { formatCount, invertRatio, printTable, formatTimingCells } from './table';

const RULES = path.join(REPO_ROOT, 'examples/fraud-and-spoofing');
/** The throughput aimed at, in events per second: reported, not a ratio. */
const GOAL_EVENTS_PER_SECOND = 100_000;
/** The worker threads of the parallel case: the cores of the machines this is measured on. */
const WORKERS = 2;

async function timeOnce(run: () => Promise<void>): Promise<number> {
  const start = hrtime.bigint();
  await run();
  return Number(hrtime.bigint() - start);
}

/** The floor: read the file as a stream and JSON.parse every line, nothing else. Returns the lines parsed. */
async function parseLines(file: string): Promise<number> {
  let lines = 0;
  let rest = '';
  for await (const chunk of createReadStream(file, { encoding: 'utf8' })) {
    const text = rest + (chunk as string);
    let start = 0;
    for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
      if (end > start && JSON.parse(text.slice(start, end)) !== null) lines++;
      start = end + 1;
    }
    rest = text.slice(start);
  }
  return rest.trim() === '' ? lines : lines + (JSON.parse(rest) === null ? 0 : 1);
}

/**
 * `rulehook replay --rules examples/fraud-and-spoofing FILE --format jsonl --workers N`, in this process
 * (the workers are threads of it); returns its output lines.
 */
async function replay(file: string, workers: number): Promise<number> {
  let lines = 0;
  let summary = '';
  const args = ['--rules', RULES, file, '--format', 'jsonl', '--workers', String(workers)];
  const code = await runReplay(args, {
    stdout: {
      write: (text: string) => {
        for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines++;
      },
    },
    stderr: { write: (text: string) => (summary += text) },
    cwd: REPO_ROOT,
    env: {},
    isTTY: false,
  });
  check(code === 0, `replay exits 0 (${summary.trim()})`);
  return lines;
}

/**
 * `rulehook replay --format jsonl` over a generated recording (bench/generate-recording.ts:
 * 200,000 events of 200 calls in progress, the fraud-and-spoofing example pack), in this thread and with
 * 2 worker threads, against the floor of reading the same file and parsing each line on one thread;
 * rounds interleaved. Reports the throughputs and their ratios to the floor.
 */
export const replayThroughputSuite: Suite = {
  name: 'replay',
  title:
    'rulehook replay --format jsonl (in-thread, --workers 2) vs reading the recording and JSON.parse of each line',
  async run(options: RunOptions) {
    const events = options.quick ? 200 : 200_000;
    const dir = await mkdtemp(path.join(os.tmpdir(), 'rulehook-bench-replay-'));
    try {
      const file = path.join(dir, 'recording.jsonl');
      await writeRecording({ events, calls: 200, seed: 1 }, file);
      const floorNs = await timeOnce(async () =>
        check((await parseLines(file)) === events, `the recording holds ${events} lines`),
      );
      const replayNs: number[] = [];
      for (const workers of [1, WORKERS]) {
        const ns = await timeOnce(async () =>
          check(
            (await replay(file, workers)) === events,
            `replay --workers ${workers} writes a line per event`,
          ),
        );
        replayNs.push(ns);
      }
      // Rounds of equal length pair well on a loaded machine; the floor is several times faster, so each of its
      // rounds parses the file `passes` times, and its time per event is divided back by `passes`.
      const passes = Math.max(1, Math.round((replayNs[0] as number) / floorNs));
      const measured = await measure(
        [
          {
            label: 'read + JSON.parse per line [baseline]',
            async run() {
              for (let p = 0; p < passes; p++) await parseLines(file);
            },
          },
          { label: 'rulehook replay --format jsonl', run: async () => void (await replay(file, 1)) },
          {
            label: `rulehook replay --format jsonl --workers ${WORKERS}`,
            run: async () => void (await replay(file, WORKERS)),
          },
        ],
        options.quick
          ? { rounds: 3, warmupRounds: 0, operations: events }
          : { rounds: 7, warmupRounds: 1, operations: events },
      );
      const results = measured.map((m, i) =>
        i > 0 ? m : { ...m, nsPerOp: m.nsPerOp.map((ns) => ns / passes) },
      );
      const [floor, inThread, parallel] = summarize(results) as [Summary, Summary, Summary];
      printTable(
        `replay: ${formatCount(events)} events, ${formatCount(inThread.opsPerSec)} in-thread and ${formatCount(parallel.opsPerSec)} with ${WORKERS} workers vs ${formatCount(floor.opsPerSec)} events/s (median of ${results[0]?.nsPerOp.length} interleaved rounds; the floor read the file ${passes} times a round)`,
        ['case', 'time/event', 'events/s', 'noise', 'cost vs floor'],
        [floor, inThread, parallel].map((s) => [s.label, ...formatTimingCells(s)]),
      );
      const row = (subject: string, s: Summary): ResultRow => ({
        path: 'replay',
        subject,
        baseline: 'read the file + JSON.parse per line',
        ratio: invertRatio(s.cost),
        measured: { value: s.opsPerSec, unit: 'events/s' },
        figures: `${formatCount(s.opsPerSec)} vs ${formatCount(floor.opsPerSec)} events/s`,
        goal: `≥ ${formatCount(GOAL_EVENTS_PER_SECOND)} events/s`,
        met: s.opsPerSec >= GOAL_EVENTS_PER_SECOND,
      });
      return [
        row('rulehook replay --format jsonl (fraud-and-spoofing)', inThread),
        row(`rulehook replay --format jsonl --workers ${WORKERS} (fraud-and-spoofing)`, parallel),
      ];
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
};
