import { access } from 'node:fs/promises';
import path from 'node:path';
import type { CliIO } from '../../terminal/command-io';
import { createLocalLane } from '../lanes/local-lane';
import { loadTargetAccess } from '../lanes/target-access';
import { createRecordedLane } from '../lanes/recorded-webhook';
import { listRules, loadReplayRules } from '../load-replay-rules';
import { toPortableRules } from '../parallel/portable-rules';
import { ReplayWorkers } from '../parallel/replay-workers';
import { chooseWorkers } from './choose-workers';
import { playRecordings, type ReplayControl } from './play-recordings';
import type { ReplayLane } from '../lanes/replay-lane';
import type { ReplayOptions } from './run-options';
import type { TargetClient } from '../lanes/target-client';
import type { TargetWebhook } from '../lanes/target-webhook';

/**
 * One replay run, from checked options to exit code: the recordings exist, the
 * rules load (printed diagnostics refuse the run), then the lanes (in-process
 * rules, the `--compare` rules, or a live `--target`) play the recordings.
 */
export async function runReplay(
  options: ReplayOptions,
  io: CliIO,
  control: ReplayControl = {},
): Promise<number> {
  for (const name of options.recordings.filter((r) => r !== '-')) {
    try {
      await access(path.resolve(io.cwd, name));
    } catch {
      io.stderr.write(`rulehook replay: cannot read ${name}: no such file\n`);
      return 1;
    }
  }
  const count = await chooseWorkers(options, io.cwd);
  // Worker threads take a while to start: they do while this thread loads the rules.
  const workers =
    count > 1 && options.rules !== undefined ? new ReplayWorkers(count, control.workerScript) : undefined;
  try {
    return await loadAndPlay(options, io, control, workers);
  } finally {
    await workers?.close();
  }
}

async function loadAndPlay(
  options: ReplayOptions,
  io: CliIO,
  control: ReplayControl,
  workers: ReplayWorkers | undefined,
): Promise<number> {
  const catalog = options.catalog === undefined ? undefined : path.resolve(io.cwd, options.catalog);
  const rules = options.rules === undefined ? undefined : await loadReplayRules(options.rules, io, catalog);
  if (options.rules !== undefined && rules === undefined) return 1;
  const compare =
    options.compare === undefined ? undefined : await loadReplayRules(options.compare, io, catalog);
  if (options.compare !== undefined && compare === undefined) return 1;

  let client: TargetClient | undefined;
  let webhook: TargetWebhook | undefined;
  const lanes: ReplayLane[] = [];
  if (options.target !== undefined) {
    const access = await loadTargetAccess(options.targetAccess, io);
    if (!access.ok) {
      io.stderr.write(`rulehook replay: ${access.message}\n`);
      return 1;
    }
    // The HTTP and gRPC clients are loaded only to replay against a target.
    const { createTargetClient, createTargetLane } = await import('../lanes/create-lanes');
    client = createTargetClient(options.target, { ...options, access: access.value });
    const created = await createTargetLane(client, { ...options, url: options.target.text });
    lanes.push(created.lane);
    webhook = created.webhook;
  } else {
    lanes.push(createLocalLane(rules!.book, options));
    if (compare !== undefined) lanes.push(createLocalLane(compare.book, options));
    if (options.compareRecorded) lanes.push(createRecordedLane(options));
  }
  try {
    return await playRecordings(options, lanes, io, control, {
      rules: rules === undefined ? undefined : listRules(rules.book),
      webhook,
      parallel:
        workers !== undefined && rules !== undefined
          ? {
              workers,
              rules: toPortableRules(rules.load),
              compare: compare === undefined ? undefined : toPortableRules(compare.load),
            }
          : undefined,
    });
  } finally {
    client?.close();
  }
}
