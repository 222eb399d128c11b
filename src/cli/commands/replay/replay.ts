import { runReplay as replayRecordings } from '../../../replay/run/run-replay';
import type { ReplayControl } from '../../../replay/run/play-recordings';
import type { ReplayOptions } from '../../../replay/run/run-options';
import type { CliIO, CommandRunner } from '../../../terminal/command-io';
import { reportUsage } from '../../options/report-usage';
import { listPackRecordings, PACK_RECORDINGS_DIR } from './pack-recordings';
import { PACK_RULES, parseReplayOptions, REPLAY_USAGE } from './replay-options';

/** `rulehook replay`: see REPLAY_USAGE and docs/replay.md. */
export const runReplay: CommandRunner &
  ((args: string[], io: CliIO, control?: ReplayControl) => Promise<number>) = async (
  args: string[],
  io: CliIO,
  control: ReplayControl = {},
): Promise<number> => {
  const parsed = parseReplayOptions(args);
  if (!parsed.ok) return reportUsage(io, 'replay', REPLAY_USAGE, parsed);
  const options = parsed.options;
  if (options.recordings.length > 0) return replayRecordings(options, io, control);
  const recordings = await listPackRecordings(io.cwd);
  if (recordings.length === 0)
    return reportUsage(io, 'replay', REPLAY_USAGE, {
      ok: false,
      message:
        'give at least one recording (a .jsonl or .jsonl.gz file, or - for stdin); without one, replay ' +
        `reads ${PACK_RECORDINGS_DIR}/*.jsonl of the current directory, and there is none (${io.cwd})`,
    });
  io.stderr.write(`rulehook replay: ${describePackReplay(recordings, options)}\n`);
  return replayRecordings({ ...options, recordings }, io, control);
};

/** What a replay given no RECORDING replays: said first, since the user did not name it. */
function describePackReplay(recordings: readonly string[], options: ReplayOptions): string {
  const through =
    options.target !== undefined
      ? ` against ${options.target.text}`
      : options.rules === PACK_RULES
        ? ' through the rules of the current directory'
        : ` through ${options.rules}`;
  return `replaying ${recordings.join(', ')}${through}`;
}
