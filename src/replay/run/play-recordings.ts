import type { Readable } from 'node:stream';
import { shouldColor } from '../../terminal/color';
import type { CliIO } from '../../terminal/command-io';
import { reportUserError, UserError } from '../../terminal/user-error';
import { CompareStats, type CompareCounts } from '../stats/compare-stats';
import { ForgottenSessions } from '../forgotten-sessions';
import { OutputWriter } from '../report/output-writer';
import { ProgressBar } from '../report/progress-bar';
import { createRecordingSource } from '../input/open-recording';
import type { RecordingItem } from '../input/read-recording';
import type { ReplayLane } from '../lanes/replay-lane';
import type { PortableRules } from '../parallel/portable-rules';
import { ParallelReplay } from '../parallel/run-parallel-replay';
import type { ReplayWorkers } from '../parallel/replay-workers';
import type { ReplayOptions } from './run-options';
import { createCompareReporter, createOutputSink, createReplayReporter } from '../report/replay-reporters';
import { ReplayStats, type ReplayCounts } from '../stats/replay-stats';
import { runReplayLoop } from './run-replay-loop';
import type { TargetWebhook } from '../lanes/target-webhook';
import { formatEndSummary } from './format-end-summary';
import { createBadLineReporter } from './report-bad-lines';

export interface ReplayControl {
  /** Aborting stops raising events; the summary of what was replayed is printed (exit 1). */
  signal?: AbortSignal;
  /** What `-` reads. Default: process.stdin. */
  stdin?: Readable;
  /** The script of the worker threads of `--workers`. Default: the replay worker built with this code. */
  workerScript?: string;
}

/** A replay by worker threads (`--workers`): the workers, started, and the rules they compile. */
export interface ParallelPlan {
  workers: ReplayWorkers;
  rules: PortableRules;
  compare: PortableRules | undefined;
}

/**
 * Plays the recordings through the lanes (or, with a ParallelPlan, through
 * worker threads holding the same lanes), reporting each event as it is
 * answered and the summary at the end. Bad lines are reported (the first
 * hundred) and skipped, or stop the run with `--strict`.
 */
export async function playRecordings(
  options: ReplayOptions,
  lanes: ReplayLane[],
  io: CliIO,
  control: ReplayControl,
  extra: { rules: string[] | undefined; webhook: TargetWebhook | undefined; parallel?: ParallelPlan },
): Promise<number> {
  const stdin = control.stdin ?? process.stdin;
  const progress = (io.stderr as { isTTY?: boolean }).isTTY === true ? new ProgressBar(io.stderr) : undefined;
  // Output closed by its reader (`| head`): stop quietly, as a pipe's writer does.
  const stop = new AbortController();
  let outputClosed = false;
  const out = new OutputWriter(io.stdout, {
    beforeWrite: () => progress?.clear(),
    onClosed: () => {
      outputClosed = true;
      stop.abort();
    },
  });
  control.signal?.addEventListener('abort', () => stop.abort(), { once: true });
  const color = shouldColor(io);
  const reporterOptions = { format: options.format, explain: options.explain, color };
  const sink = createOutputSink({ format: options.format, out, color });
  const stats = new ReplayStats();
  const compareStats = new CompareStats(options.compareOn);
  const comparing = options.compare !== undefined || options.compareRecorded;
  const badLines = createBadLineReporter({
    strict: options.strict,
    stderr: io.stderr,
    beforeReport: () => progress?.clear(),
  });
  let parallel: ParallelReplay | undefined;
  const forgotten = new ForgottenSessions(options.maxSessions, (session) => parallel?.forget(session));
  const common = {
    sources: options.recordings.map((name) => createRecordingSource(name, io.cwd, stdin)),
    sessionKey: options.sessionKey,
    ...(options.session === undefined ? {} : { session: options.session }),
    sessions: forgotten,
    signal: stop.signal,
    onBadLine: (item: Extract<RecordingItem, { kind: 'bad' }>) => badLines.report(item),
    ...(progress === undefined
      ? {}
      : { onProgress: (p: Parameters<ProgressBar['update']>[0]) => progress.update(p) }),
  };
  const started = performance.now();
  let end;
  try {
    if (extra.parallel === undefined) {
      const report = comparing
        ? createCompareReporter(compareStats, reporterOptions, sink)
        : createReplayReporter(stats, reporterOptions, sink);
      end = await runReplayLoop({
        ...common,
        lanes,
        window: options.target === undefined ? 1 : Math.max(1000, options.concurrency * 64),
        ...(options.rate === undefined ? {} : { rate: options.rate }),
        ...(options.durationMs === undefined ? {} : { durationMs: options.durationMs }),
        loop: options.loop,
        onEvent: report,
      });
    } else {
      const { workers, rules, compare } = extra.parallel;
      const { compareRecorded, compareOn, sessionKey, maxSessions, engine } = options;
      const setup = {
        rules,
        compare,
        compareRecorded,
        compareOn,
        sessionKey,
        maxSessions,
        engine,
        reporter: reporterOptions,
      };
      workers.setUp(setup);
      parallel = new ParallelReplay({
        ...common,
        workers,
        onPrint: (session, text) => sink.print(session, text),
        onCounts: (counts) =>
          comparing ? compareStats.merge(counts as CompareCounts) : stats.merge(counts as ReplayCounts),
      });
      end = await parallel.run();
    }
  } catch (error) {
    progress?.clear();
    await sink.finish();
    await out.flush();
    // Reported here, after the output written so far: a bug goes on to main's report.
    if (!(error instanceof UserError)) throw error;
    return reportUserError(io.stderr, 'replay', error);
  }
  await sink.finish();
  progress?.clear();
  if (outputClosed) return 0;
  stats.badLines = badLines.count;
  compareStats.badLines = badLines.count;
  const summary = formatEndSummary({
    options,
    stats: comparing ? compareStats : stats,
    rules: extra.rules,
    webhook: extra.webhook,
    elapsedMs: performance.now() - started,
    end,
    forgottenReturned: forgotten.returned,
  });
  if (options.format === 'jsonl') {
    await out.flush();
    io.stderr.write(summary);
  } else {
    await out.write(summary);
    await out.flush();
  }
  if (end === 'aborted') return 1;
  if (comparing) return options.failOnDiff && compareStats.changedEvents > 0 ? 1 : 0;
  return stats.errors > 0 ? 1 : 0;
}
