import { runReplay as replayRecordings, type ReplayControl } from '../replay';
import type { CliIO, CommandRunner } from '../terminal/command-io';
import { EXIT_USAGE } from './parse-options';
import { parseReplayOptions } from './replay-options';

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
  return replayRecordings(options, io, control);
};
