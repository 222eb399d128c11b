import { runReplay as replayRecordings, type ReplayControl } from '../replay';
import type { CliIO, CommandRunner } from '../terminal/command-io';
import { reportUsage } from './options';
import { parseReplayOptions, REPLAY_USAGE } from './replay-options';

/** `rulehook replay`: see REPLAY_USAGE and docs/replay.md. */
export const runReplay: CommandRunner &
  ((args: string[], io: CliIO, control?: ReplayControl) => Promise<number>) = async (
  args: string[],
  io: CliIO,
  control: ReplayControl = {},
): Promise<number> => {
  const parsed = parseReplayOptions(args);
  if (parsed.kind !== 'ok') return reportUsage(io, 'replay', REPLAY_USAGE, parsed);
  return replayRecordings(parsed.options, io, control);
};
