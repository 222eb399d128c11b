import type { Readable } from 'node:stream';
import { shouldColor } from '../../terminal/color';
import type { CliIO } from '../../terminal/command-io';
import { CompareStats } from '../stats/compare-stats';
import { formatCompareSummary } from '../report/format-compare';
import { formatSummary } from '../report/format-summary';
import { ForgottenSessions } from '../forgotten-sessions';
import { OutputWriter } from '../report/output-writer';
import { ProgressBar } from '../report/progress-bar';
import { createRecordingSource } from '../input/open-recording';
import type { RecordingItem } from '../input/read-recording';
import { RecordingReadError } from '../input/read-sources';
import type { ReplayLane } from '../lanes/replay-lane';
import type { ReplayOptions } from './replay-options';
import { createCompareReporter, createReplayReporter } from '../report/replay-reporters';
import { ReplayStats } from '../stats/replay-stats';
import { runReplayLoop } from './run-replay-loop';
import type { TargetWebhook } from '../lanes/target-webhook';

/** What the compare summary calls the second side with `--compare-recorded`. */
const RECORDED_LABEL = 'the answers recorded in the decision log';

/** Bad lines reported one by one at most; the rest are only counted. */
const MAX_REPORTED_BAD_LINES = 100;

class StrictStop extends Error {}

export interface ReplayControl {
  /** Aborting stops raising events; the summary of what was replayed is printed (exit 1). */
  signal?: AbortSignal;
  /** What `-` reads. Default: process.stdin. */
  stdin?: Readable;
}

/**
 * Plays the recordings through the lanes, reporting each event as it is
 * answered and the summary at the end. Bad lines are reported (the first
 * hundred) and skipped, or stop the run with `--strict`.
 */
export async function playRecordings(
  options: ReplayOptions,
  lanes: ReplayLane[],
  io: CliIO,
  control: ReplayControl,
  extra: { rules: string[] | undefined; webhook: TargetWebhook | undefined },
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
  const reporterOptions = { format: options.format, out, explain: options.explain, color };
  const stats = new ReplayStats();
  const compareStats = new CompareStats(options.compareOn);
  const comparing = options.compare !== undefined || options.compareRecorded;
  const reporter = comparing
    ? createCompareReporter(compareStats, reporterOptions)
    : createReplayReporter(stats, reporterOptions);
  let badLines = 0;
  const onBadLine = (item: Extract<RecordingItem, { kind: 'bad' }>) => {
    badLines++;
    const where = `${item.file}:${item.line}`;
    if (options.strict) throw new StrictStop(`${where}: ${item.message} (--strict: stopping)`);
    progress?.clear();
    if (badLines <= MAX_REPORTED_BAD_LINES)
      io.stderr.write(`rulehook replay: ${where}: ${item.message}; line skipped\n`);
    else if (badLines === MAX_REPORTED_BAD_LINES + 1)
      io.stderr.write('rulehook replay: more bad lines: counted in the summary, not shown\n');
  };
  const forgotten = new ForgottenSessions(options.maxSessions);
  const started = performance.now();
  let end;
  try {
    end = await runReplayLoop({
      sources: options.recordings.map((name) => createRecordingSource(name, io.cwd, stdin)),
      lanes,
      sessionKey: options.sessionKey,
      ...(options.session === undefined ? {} : { session: options.session }),
      window: options.target === undefined ? 1 : Math.max(1000, options.concurrency * 64),
      ...(options.rate === undefined ? {} : { rate: options.rate }),
      ...(options.durationMs === undefined ? {} : { durationMs: options.durationMs }),
      loop: options.loop,
      sessions: forgotten,
      signal: stop.signal,
      onBadLine,
      onEvent: (replayed) => reporter.event(replayed),
      ...(progress === undefined ? {} : { onProgress: (p) => progress.update(p) }),
    });
  } catch (error) {
    progress?.clear();
    await reporter.finish();
    await out.flush();
    if (!(error instanceof StrictStop) && !(error instanceof RecordingReadError)) throw error;
    io.stderr.write(`rulehook replay: ${error.message}\n`);
    return 1;
  }
  await reporter.finish();
  progress?.clear();
  if (outputClosed) return 0;
  stats.badLines = badLines;
  compareStats.badLines = badLines;
  const files = options.recordings.length;
  const summary = comparing
    ? formatCompareSummary(
        compareStats,
        { rules: options.rules ?? '', compare: options.compare ?? RECORDED_LABEL },
        files,
        forgotten.returned,
      )
    : formatSummary({
        stats,
        files,
        ...(extra.rules === undefined ? {} : { rules: extra.rules }),
        ...(extra.webhook === undefined ? {} : { target: extra.webhook.report() }),
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
