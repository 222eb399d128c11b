import { compareOutcomes } from '../stats/compare-outcomes';
import type { CompareStats } from '../stats/compare-stats';
import { formatCompareEvent, toCompareJsonObject } from './format-compare';
import { formatJsonlLine } from './format-jsonl';
import { formatSessionHeading, formatTimelineEvent } from './format-timeline';
import type { OutputWriter } from './output-writer';
import type { LaneOutcome, ReplayedEvent } from '../lanes/replay-lane';
import type { ReplayStats } from '../stats/replay-stats';
import { SessionGroups } from './session-groups';

/** Receives every replayed event in input order, and prints what its format shows. */
export interface ReplayReporter {
  /** Returns a promise only when the output asked to wait. */
  event(replayed: ReplayedEvent): void | Promise<void>;
  /** Prints what is still held (grouped output). */
  finish(): Promise<void>;
}

export interface ReporterOptions {
  format: 'human' | 'jsonl' | 'summary';
  out: OutputWriter;
  explain: boolean;
  color: boolean;
}

/** The reporter of a plain replay (one lane): counts every event, prints the timeline or jsonl lines. */
export function createReplayReporter(stats: ReplayStats, options: ReporterOptions): ReplayReporter {
  const { out, explain, color } = options;
  const groups = new SessionGroups(
    (text) => out.write(text),
    (session, continued) => formatSessionHeading(session, continued, color),
  );
  return {
    event({ file, line, outcomes }) {
      const outcome = outcomes[0] as LaneOutcome;
      stats.add(outcome);
      if (options.format === 'jsonl') return out.write(formatJsonlLine({ file, line }, outcome, explain));
      if (options.format === 'human')
        return groups.add(outcome.event.session, formatTimelineEvent(outcome, { explain, color }));
    },
    finish: () => groups.flush(),
  };
}

/** The reporter of `--compare` (two lanes): counts, and prints only the events whose outcome differs. */
export function createCompareReporter(stats: CompareStats, options: ReporterOptions): ReplayReporter {
  const { out, explain, color } = options;
  const groups = new SessionGroups(
    (text) => out.write(text),
    (session, continued) => formatSessionHeading(session, continued, color),
  );
  return {
    event({ file, line, outcomes }) {
      const [rules, compare] = outcomes as [LaneOutcome, LaneOutcome];
      const changes = compareOutcomes(rules, compare);
      stats.add(rules, compare, changes);
      if (changes.length === 0) return;
      const location = { file, line };
      if (options.format === 'jsonl')
        return out.write(
          JSON.stringify(toCompareJsonObject(location, rules, compare, changes, explain)) + '\n',
        );
      if (options.format === 'human')
        return groups.add(
          rules.event.session,
          formatCompareEvent(location, rules, compare, changes, { explain, color }),
        );
    },
    finish: () => groups.flush(),
  };
}
