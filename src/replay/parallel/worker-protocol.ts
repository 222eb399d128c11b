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
 * already known to be an event. They travel as one text, joined by LF (a line holds none): one string
 * costs less to send than many. `forgetAt[i]` is the index of the line before which the session
 * `forgetSessions[i]` is forgotten (`--max-sessions`, decided by the reader for all workers).
 */
export interface LineBatch {
  file: string;
  text: string;
  /** The line number of each line. */
  lines: number[];
  forgetAt: number[];
  forgetSessions: string[];
}

/**
 * What a worker answers for one LineBatch: the text the lines print, one after the other, and the
 * length of each one's part (0 for none); the session of each (the timeline's groups, only with
 * `--format human`); the counts of the batch.
 */
export interface BatchResult {
  text: string;
  lengths: Uint32Array;
  sessions: string[] | undefined;
  counts: ReplayCounts | CompareCounts;
}
