import type { EngineModel } from '../../filter/engine-model';
import type { TargetKind } from '../lanes/create-lanes';
import type { TargetAccessFiles } from '../lanes/target-access';
import type { TargetUrl } from '../lanes/target-url';
import type { CompareOn } from '../stats/compare-outcomes';

export type ReplayFormat = 'human' | 'jsonl' | 'summary';

/** What one replay run does: the parsed and checked `rulehook replay` command line. */
export interface ReplayOptions {
  recordings: string[];
  rules: string | undefined;
  catalog: string | undefined;
  format: ReplayFormat;
  session: string | undefined;
  sessionKey: string;
  explain: boolean;
  strict: boolean;
  compare: string | undefined;
  /** `--compare-recorded`: compare with the answers a decision log recorded instead of other rules. */
  compareRecorded: boolean;
  /** What makes an event differ with `--compare` (`--compare-on`). */
  compareOn: CompareOn;
  failOnDiff: boolean;
  target: TargetUrl | undefined;
  targetKind: TargetKind;
  /** The token and TLS files to reach a protected target. */
  targetAccess: TargetAccessFiles;
  concurrency: number;
  timeoutMs: number;
  rate: number | undefined;
  durationMs: number | undefined;
  loop: boolean;
  maxSessions: number;
  /** How the simulated engine reads what its specification leaves open (`--engine-*`). */
  engine: EngineModel;
  /** Worker threads replaying sessions in parallel (1: in-thread); undefined: chosen by size (chooseWorkers). */
  workers: number | undefined;
}

/**
 * Sessions tracked at once by default: more than the calls most contact centers have in progress at once,
 * few enough to keep a long replay small. A session that comes back after being forgotten is reported.
 */
export const DEFAULT_REPLAY_MAX_SESSIONS = 2_000;
