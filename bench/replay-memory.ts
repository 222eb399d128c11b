/**
 * `rulehook replay` keeps memory flat however long the recording: replays a generated 1,000,000-event
 * recording and reports its peak RSS against a 10,000-event baseline replayed in the same run (a ratio close
 * to 1 = flat). Each replay runs in a fresh process, so each peak is its own. A 100,000-event run in
 * between shows where the growth happens: V8 sizes its heap up under a sustained allocation rate in the first
 * seconds of any long run, and the sessions kept grow up to `--max-sessions`; after that, nothing grows.
 *
 *   npx tsc -p tsconfig.bench.json && node .bench-out/bench/replay-memory.js [--events 1000000] [--workers N]
 *
 * The replay is the real command: fraud-and-spoofing rules, `--format jsonl` written to /dev/null, in-thread
 * (`--workers 1`, the default here) or with N worker threads (the peak is the process's, workers included).
 */
import { execFileSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runReplay } from '../src/cli/commands/replay/replay';
import { writeRecording } from './generate-recording';
import { REPO_ROOT } from './paths';

const RULES = path.join(REPO_ROOT, 'examples/fraud-and-spoofing');
const BASELINE_EVENTS = 10_000;
const MIDDLE_EVENTS = 100_000;
/** Calls in progress at any time in the generated recordings. */
const CALLS = 200;

interface ChildReport {
  events: number;
  maxRssMb: number;
  heapUsedMb: number;
  seconds: number;
  code: number;
}

/** In the child: replays FILE and prints what it cost. */
async function replayAndReport(file: string, workers: string): Promise<void> {
  let summary = '';
  const started = process.hrtime.bigint();
  const code = await runReplay(['--rules', RULES, file, '--format', 'jsonl', '--workers', workers], {
    stdout: createWriteStream('/dev/null'),
    stderr: { write: (text: string) => (summary += text) },
    cwd: REPO_ROOT,
    env: {},
    isTTY: false,
  });
  const events = Number((/events +([\d,]+) from/.exec(summary)?.[1] ?? 'NaN').replace(/,/g, ''));
  const report: ChildReport = {
    events,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    heapUsedMb: process.memoryUsage().heapUsed / 1024 / 1024,
    seconds: Number(process.hrtime.bigint() - started) / 1e9,
    code,
  };
  process.stdout.write(JSON.stringify(report));
}

function measure(file: string, workers: string): ChildReport {
  const out = execFileSync(process.execPath, [__filename, '--child', file, '--workers', workers], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  const report = JSON.parse(out) as ChildReport;
  if (report.code !== 0) throw new Error(`replay of ${file} exited ${report.code}`);
  return report;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      events: { type: 'string', default: '1000000' },
      workers: { type: 'string', default: '1' },
      child: { type: 'string' },
    },
  });
  if (values.child !== undefined) return replayAndReport(values.child, values.workers);
  const large = Number(values.events);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'rulehook-replay-memory-'));
  try {
    console.log(
      `replay-memory: peak RSS of rulehook replay, ${large.toLocaleString('en-US')} events against ${BASELINE_EVENTS.toLocaleString('en-US')}`,
    );
    console.log(
      `node ${process.version}; recordings: ${CALLS} calls in progress at any time, gzipped; rules: examples/fraud-and-spoofing; --format jsonl to /dev/null; --workers ${values.workers}\n`,
    );
    const rows: [string, ChildReport, number][] = [];
    for (const events of [BASELINE_EVENTS, MIDDLE_EVENTS, large]) {
      const file = path.join(dir, `day-${events}.jsonl.gz`);
      await writeRecording({ events, calls: CALLS, seed: 1 }, file);
      const size = (await stat(file)).size;
      const report = measure(file, values.workers);
      if (report.events !== events) throw new Error(`replayed ${report.events} events of ${events}`);
      rows.push([events.toLocaleString('en-US'), report, size]);
    }
    console.log('events      file (gz)   peak RSS    heap at end   time      events/s');
    for (const [events, r, size] of rows) {
      console.log(
        `${events.padStart(9)}   ${(size / 1e6).toFixed(1).padStart(6)} MB  ${r.maxRssMb.toFixed(1).padStart(7)} MB  ${r.heapUsedMb.toFixed(1).padStart(8)} MB  ${r.seconds.toFixed(1).padStart(6)} s  ${Math.round(
          r.events / r.seconds,
        )
          .toLocaleString('en-US')
          .padStart(9)}`,
      );
    }
    const ratio = (a: number, b: number) =>
      `peak RSS ratio (${rows[a]![0]} ÷ ${rows[b]![0]} events): ${(rows[a]![1].maxRssMb / rows[b]![1].maxRssMb).toFixed(2)}`;
    console.log(`\n${ratio(2, 0)}  (1 = flat)\n${ratio(2, 1)}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
