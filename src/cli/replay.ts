import { access } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  CompareStats,
  ForgottenSessions,
  createCompareReporter,
  createLocalLane,
  createRecordingSource,
  createReplayReporter,
  createTargetClient,
  createTargetLane,
  formatCompareSummary,
  formatSummary,
  listRules,
  loadReplayRules,
  OutputWriter,
  parseReplayOptions,
  ProgressBar,
  RecordingReadError,
  ReplayStats,
  runReplayLoop,
  type RecordingItem,
  type ReplayLane,
  type ReplayOptions,
  type TargetClient,
  type TargetWebhook,
} from '../replay';
import type { CliIO, CommandRunner } from './io';
import { EXIT_USAGE } from './parse-options';
import { shouldColor } from './validate';

export const REPLAY_USAGE = `Usage: rulehook replay --rules PATH RECORDING... [options]
       rulehook replay --target URL RECORDING... [options]

Replay recorded events as the engine would have raised them: apply each session's filter, evaluate the
rules for the events sent, apply their answers to later events; show what the webhook would have answered.
RECORDING: JSON Lines of {"session_variables": {...}} (.jsonl.gz read as is; - reads stdin).
Exit code: 0 done, 1 a problem (invalid rules, unreadable recording, a failed call, a difference
with --fail-on-diff, a bad line with --strict, interrupted), 2 wrong usage.

Options:
  --rules PATH           rule file or directory to replay through
  --catalog FILE         catalog to check names against (default: catalog.yaml of the rules directory)
  --format FORMAT        human (default): timeline and summary; jsonl: one JSON object per event;
                         summary: the summary only
  --session ID           replay only this session
  --session-key KEY      variable that identifies a session (default: state.sessionId)
  --explain              for each sent event, why each rule of the rulesets concerned fired or not
  --strict               a bad line stops the replay (exit 1) instead of being skipped
  --max-sessions N       sessions tracked at once, least recently active forgotten beyond (default: 2000)
  --compare PATH         replay through these rules too; show only the events whose outcome differs
  --fail-on-diff         with --compare: exit 1 when any event differs
  --target URL           be the engine of a live webhook: http://HOST:PORT or grpc://HOST:PORT
  --target-kind KIND     auto (default), rulehook or other: does the target report the rules that fired
  --concurrency N        with --target: calls in flight at once, sessions overlapping (default: 8)
  --timeout MS           with --target: longest wait for one answer (default: 10000)
  --rate R               raise at most R events per second
  --duration D           stop raising events after D (30s, 5m, 1h, 500ms)
  --loop                 start the recordings again when they end, as new sessions (needs --duration)
  -h, --help             show this help
`;

/** Bad lines reported one by one at most; the rest are only counted. */
const MAX_REPORTED_BAD_LINES = 100;

export interface ReplayControl {
  /** Aborting stops raising events; the summary of what was replayed is printed (exit 1). */
  signal?: AbortSignal;
  /** What `-` reads. Default: process.stdin. */
  stdin?: Readable;
}

class StrictStop extends Error {}

/** `rulehook replay`: see REPLAY_USAGE and docs/replay.md. */
export const runReplay: CommandRunner &
  ((args: string[], io: CliIO, control?: ReplayControl) => Promise<number>) = async (
  args: string[],
  io: CliIO,
  control: ReplayControl = {},
): Promise<number> => {
  const options = parseReplayOptions(args);
  if (options === 'help') {
    io.stdout.write(REPLAY_USAGE);
    return 0;
  }
  if (typeof options === 'string') {
    io.stderr.write(`rulehook replay: ${options}\n\n${REPLAY_USAGE}`);
    return EXIT_USAGE;
  }
  for (const name of options.recordings.filter((r) => r !== '-')) {
    try {
      await access(path.resolve(io.cwd, name));
    } catch {
      io.stderr.write(`rulehook replay: cannot read ${name}: no such file\n`);
      return 1;
    }
  }
  const catalog = options.catalog === undefined ? undefined : path.resolve(io.cwd, options.catalog);
  const book = options.rules === undefined ? undefined : await loadReplayRules(options.rules, io, catalog);
  if (options.rules !== undefined && book === undefined) return 1;
  const compareBook =
    options.compare === undefined ? undefined : await loadReplayRules(options.compare, io, catalog);
  if (options.compare !== undefined && compareBook === undefined) return 1;

  let client: TargetClient | undefined;
  let webhook: TargetWebhook | undefined;
  const lanes: ReplayLane[] = [];
  if (options.target !== undefined) {
    client = createTargetClient(options.target, options);
    const created = await createTargetLane(client, { ...options, url: options.target.text });
    lanes.push(created.lane);
    webhook = created.webhook;
  } else {
    lanes.push(createLocalLane(book!, options));
    if (compareBook !== undefined) lanes.push(createLocalLane(compareBook, options));
  }
  try {
    return await replay(options, lanes, io, control, {
      rules: book === undefined ? undefined : listRules(book),
      webhook,
    });
  } finally {
    client?.close();
  }
};

async function replay(
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
  const compareStats = new CompareStats();
  const comparing = options.compare !== undefined;
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
        { rules: options.rules ?? '', compare: options.compare ?? '' },
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
