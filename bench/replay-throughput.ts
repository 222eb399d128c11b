import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { hrtime } from 'node:process';
import { writeRecording, type GenerateOptions } from './generate-recording';
import { measure, summarize, type Summary } from './measure';
import { parseLines, replay } from './replay-run';
import { check, judgeRatioGoal, type ResultRow, type RunOptions, type Suite } from './suite';
import { formatCount, invertRatio, printTable, formatTimingCells } from './table';

/** The throughput aimed at on the small events, in events per second: reported, not a ratio. */
const GOAL_EVENTS_PER_SECOND = 100_000;
/** On 200-variable events, where the parse weighs more: the share of the floor's throughput aimed at. */
const GOAL_LARGE_RATIO = 0.6;
/** The worker threads of the parallel case: the cores of the machines this is measured on. */
const WORKERS = 2;

async function timeOnce(run: () => Promise<void>): Promise<number> {
  const start = hrtime.bigint();
  await run();
  return Number(hrtime.bigint() - start);
}

/**
 * The floor and the replays of one recording, rounds interleaved. Rounds of equal length pair well on a
 * loaded machine; the floor is several times faster, so each of its rounds parses the file `passes`
 * times, and its time per event is divided back by `passes`. Returns the floor's summary first.
 */
async function measureRecording(
  title: string,
  file: string,
  events: number,
  workers: readonly number[],
  options: RunOptions,
): Promise<Summary[]> {
  const floorNs = await timeOnce(async () =>
    check((await parseLines(file)) === events, `the recording holds ${events} lines`),
  );
  const replayNs = await timeOnce(async () =>
    check((await replay(file, 1)) === events, 'replay writes a line per event'),
  );
  for (const n of workers.filter((w) => w > 1))
    check((await replay(file, n)) === events, `replay --workers ${n} writes a line per event`);
  const passes = Math.max(1, Math.round(replayNs / floorNs));
  const measured = await measure(
    [
      {
        label: 'read + JSON.parse per line [baseline]',
        async run() {
          for (let p = 0; p < passes; p++) await parseLines(file);
        },
      },
      ...workers.map((n) => ({
        label: `rulehook replay --format jsonl${n > 1 ? ` --workers ${n}` : ''}`,
        run: async () => void (await replay(file, n)),
      })),
    ],
    options.quick
      ? { rounds: 3, warmupRounds: 0, operations: events }
      : { rounds: 7, warmupRounds: 1, operations: events },
  );
  const results = measured.map((m, i) => (i > 0 ? m : { ...m, nsPerOp: m.nsPerOp.map((ns) => ns / passes) }));
  const summaries = summarize(results);
  const [floor, ...replays] = summaries as [Summary, ...Summary[]];
  const rates = replays.map((s) => formatCount(s.opsPerSec)).join(' and ');
  printTable(
    `replay, ${title}: ${formatCount(events)} events, ${rates} vs ${formatCount(floor.opsPerSec)} events/s (median of ${results[0]?.nsPerOp.length} interleaved rounds; the floor read the file ${passes} times a round)`,
    ['case', 'time/event', 'events/s', 'noise', 'cost vs floor'],
    summaries.map((s) => [s.label, ...formatTimingCells(s)]),
  );
  return summaries;
}

/**
 * `rulehook replay --format jsonl` over generated recordings (bench/generate-recording.ts, calls
 * interleaved, the fraud-and-spoofing example pack) against the floor of reading the same file and parsing
 * each line on one thread: 200,000 small events (about 20 variables) in this thread and with 2 worker
 * threads, and 200-variable events (about 8 KB each) in this thread. Reports the throughputs and their
 * ratios to the floor.
 */
export const replayThroughputSuite: Suite = {
  name: 'replay',
  title:
    'rulehook replay --format jsonl (in-thread, --workers 2; 200-variable events) vs reading the recording and JSON.parse of each line',
  async run(options: RunOptions) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'rulehook-bench-replay-'));
    const record = async (name: string, generate: GenerateOptions) => {
      const file = path.join(dir, name);
      await writeRecording(generate, file);
      return file;
    };
    try {
      const events = options.quick ? 200 : 200_000;
      const small = await record('small.jsonl', { events, calls: 200, seed: 1 });
      const [floor, inThread, parallel] = (await measureRecording(
        'small events',
        small,
        events,
        [1, WORKERS],
        options,
      )) as [Summary, Summary, Summary];
      await rm(small);
      const largeEvents = options.quick ? 200 : 16_000;
      const large = await record('large.jsonl', { events: largeEvents, calls: 200, seed: 1, variables: 200 });
      const [largeFloor, largeInThread] = (await measureRecording(
        '200-variable events',
        large,
        largeEvents,
        [1],
        options,
      )) as [Summary, Summary];
      const row = (subject: string, s: Summary, base: Summary): ResultRow => ({
        path: 'replay',
        subject,
        baseline: 'read the file + JSON.parse per line',
        ratio: invertRatio(s.cost),
        measured: { value: s.opsPerSec, unit: 'events/s' },
        figures: `${formatCount(s.opsPerSec)} vs ${formatCount(base.opsPerSec)} events/s`,
        goal: `≥ ${formatCount(GOAL_EVENTS_PER_SECOND)} events/s`,
        met: s.opsPerSec >= GOAL_EVENTS_PER_SECOND,
      });
      return [
        row('rulehook replay --format jsonl (fraud-and-spoofing)', inThread, floor),
        row(`rulehook replay --format jsonl --workers ${WORKERS} (fraud-and-spoofing)`, parallel, floor),
        {
          ...row(
            'rulehook replay --format jsonl (fraud-and-spoofing, 200-variable events)',
            largeInThread,
            largeFloor,
          ),
          ...judgeRatioGoal(invertRatio(largeInThread.cost), GOAL_LARGE_RATIO),
        },
      ];
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
};
