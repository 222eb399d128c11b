import type { ReporterOptions } from '../report/replay-reporters';
import type { EngineModel } from '../../filter/engine-model';
import type { CompareOn } from '../stats/compare-outcomes';
import type { CompareCounts } from '../stats/compare-stats';
import type { ReplayCounts } from '../stats/replay-stats';
import type { PortableRules } from './portable-rules';

/** What a replay worker is started with (its `workerData`): the rules as the reader loaded them, and how to report. */
export interface WorkerSetup {
  /** The rules of `--rules`, as the reader loaded and checked them: every worker compiles the same ones. */
  rules: PortableRules;
  /** The rules of `--compare`, when given. */
  compare: PortableRules | undefined;
  compareRecorded: boolean;
  /** What makes an event differ (`--compare-on`). */
  compareOn: CompareOn;
  sessionKey: string;
  maxSessions: number;
  /** The engine model (`--engine-*`): plain data, as a message carries it. */
  engine: EngineModel;
  reporter: ReporterOptions;
}

/**
 * Lines of one recording for one worker, in input order: events of the sessions it owns, each line
 * already known to be an event (the first `count` entries of the arrays). An ASCII chunk's lines are
 * read from `shared`, a copy of the chunk's bytes all workers read (line i: `lengths[i]` bytes from
 * `starts[i]`); other lines travel as `text`, joined by LF (a line holds none). `forgetAt[i]` is the
 * index of the line before which the session `forgetSessions[i]` is forgotten (`--max-sessions`, decided
 * by the reader for all workers).
 */
export interface LineBatch {
  file: string;
  count: number;
  /** The line number of each line. */
  lines: Uint32Array;
  shared: SharedArrayBuffer | undefined;
  starts: Uint32Array | undefined;
  lengths: Uint32Array | undefined;
  text: string | undefined;
  forgetAt: number[];
  forgetSessions: string[];
}

/**
 * What a worker answers for one LineBatch: the text the lines print, one after the other, as UTF-8
 * (transferred, not copied, and kept out of the reader's heap until printed), and the length in bytes
 * of each one's part (0 for none); the session of each (the timeline's groups, only with
 * `--format human`); the counts of the batch.
 */
export interface BatchResult {
  printed: Uint8Array;
  lengths: Uint32Array;
  sessions: string[] | undefined;
  counts: ReplayCounts | CompareCounts;
}
