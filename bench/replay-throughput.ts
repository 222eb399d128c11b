import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { hrtime } from 'node:process';
import { runReplay } from '../src/cli/replay';
import { writeRecording } from './generate-recording';
import { measure, summarize, type Summary } from './measure';
import { REPO_ROOT } from './paths';
import { check, type RunOptions, type Suite } from './suite';
import { formatCount, invertRatio, printTable, formatTimingCells } from './table';

const RULES = path.join(REPO_ROOT, 'examples/fraud-and-spoofing');
/** The throughput later work aims at, in events per second on one core: reported, not a ratio. */
const GOAL_EVENTS_PER_SECOND = 100_000;

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

/** `rulehook replay --rules examples/fraud-and-spoofing FILE --format jsonl`, in this process; returns its output lines. */
async function replay(file: string): Promise<number> {
  let lines = 0;
  let summary = '';
  const code = await runReplay(['--rules', RULES, file, '--format', 'jsonl'], {
    stdout: { write: (text: string) => (lines += text.split('\n').length - 1) },
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
 * 200 calls in progress, the fraud-and-spoofing example pack) against the floor of
 * reading the same file and parsing each line, one after the other on one
 * thread, rounds interleaved. Reports both throughputs and the ratio.
 */
export const replayThroughputSuite: Suite = {
  name: 'replay',
  title: 'rulehook replay --format jsonl vs reading the recording and JSON.parse of each line',
  async run(options: RunOptions) {
    const events = options.quick ? 200 : 20_000;
    const dir = await mkdtemp(path.join(os.tmpdir(), 'rulehook-bench-replay-'));
    try {
      const file = path.join(dir, 'recording.jsonl');
      await writeRecording({ events, calls: 200, seed: 1 }, file);
      const floorNs = await timeOnce(async () =>
        check((await parseLines(file)) === events, `the recording holds ${events} lines`),
      );
      const replayNs = await timeOnce(async () =>
        check((await replay(file)) === events, 'replay writes one jsonl line per event'),
      );
      // Rounds of equal length pair well on a loaded machine; the floor is many times faster, so each of its
      // rounds parses the file `passes` times, and its time per event is divided back by `passes`.
      const passes = Math.max(1, Math.round(replayNs / floorNs));
      const measured = await measure(
        [
          {
            label: 'read + JSON.parse per line [baseline]',
            async run() {
              for (let p = 0; p < passes; p++) await parseLines(file);
            },
          },
          { label: 'rulehook replay --format jsonl', run: async () => void (await replay(file)) },
        ],
        options.quick
          ? { rounds: 3, warmupRounds: 0, operations: events }
          : { rounds: 10, warmupRounds: 1, operations: events },
      );
      const results = measured.map((m, i) =>
        i > 0 ? m : { ...m, nsPerOp: m.nsPerOp.map((ns) => ns / passes) },
      );
      const [floor, ours] = summarize(results) as [Summary, Summary];
      printTable(
        `replay: ${formatCount(events)} events, ${formatCount(ours.opsPerSec)} vs ${formatCount(floor.opsPerSec)} events/s (median of ${results[0]?.nsPerOp.length} interleaved rounds; the floor read the file ${passes} times a round)`,
        ['case', 'time/event', 'events/s', 'noise', 'cost vs floor'],
        [floor, ours].map((s) => [s.label, ...formatTimingCells(s)]),
      );
      return [
        {
          path: 'replay',
          subject: 'rulehook replay --format jsonl (fraud-and-spoofing)',
          baseline: 'read the file + JSON.parse per line',
          ratio: invertRatio(ours.cost),
          measured: { value: ours.opsPerSec, unit: 'events/s' },
          figures: `${formatCount(ours.opsPerSec)} vs ${formatCount(floor.opsPerSec)} events/s`,
          goal: `≥ ${formatCount(GOAL_EVENTS_PER_SECOND)} events/s`,
          met: ours.opsPerSec >= GOAL_EVENTS_PER_SECOND,
        },
      ];
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
};
