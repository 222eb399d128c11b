import { compareOutcomes, differsOn } from '../stats/compare-outcomes';
import type { CompareStats } from '../stats/compare-stats';
import { formatCompareEvent, toCompareJsonObject } from './format-compare';
import { formatJsonlLine } from './format-jsonl';
import { formatSessionHeading, formatTimelineEvent } from './format-timeline';
import type { OutputWriter } from './output-writer';
import type { LaneOutcome, ReplayedEvent } from '../lanes/replay-lane';
import type { ReplayStats } from '../stats/replay-stats';
import { SessionGroups } from './session-groups';

export type OutputFormat = 'human' | 'jsonl' | 'summary';

/**
 * Where the text of each replayed event goes, in input order: the output, or
 * the batch a replay worker sends back (`--workers`).
 */
export interface EventSink {
  /** `session`: the session whose part of the timeline the text belongs to. A promise: the output is full. */
  print(session: string, text: string): void | Promise<void>;
}

/** Counts one replayed event and prints what the format shows of it; a promise only when the output is full. */
export type EventReporter = (replayed: ReplayedEvent) => void | Promise<void>;

export interface ReporterOptions {
  format: OutputFormat;
  explain: boolean;
  color: boolean;
}

/** The reporter of a plain replay (one lane): counts every event, prints the timeline or jsonl lines. */
export function createReplayReporter(
  stats: ReplayStats,
  options: ReporterOptions,
  sink: EventSink,
): EventReporter {
  const { format, explain, color } = options;
  return ({ file, line, outcomes }) => {
    const outcome = outcomes[0] as LaneOutcome;
    stats.add(outcome);
    if (format === 'jsonl') return sink.print('', formatJsonlLine({ file, line }, outcome, explain));
    if (format === 'human')
      return sink.print(outcome.event.session, formatTimelineEvent(outcome, { explain, color }));
  };
}

/** The reporter of `--compare` (two lanes): counts, and prints only the events whose outcome differs. */
export function createCompareReporter(
  stats: CompareStats,
  options: ReporterOptions,
  sink: EventSink,
): EventReporter {
  const { format, explain, color } = options;
  return ({ file, line, outcomes }) => {
    const [rules, compare] = outcomes as [LaneOutcome, LaneOutcome];
    const changes = compareOutcomes(rules, compare);
    stats.add(rules, compare, changes);
    if (!differsOn(changes, stats.on)) return;
    const location = { file, line };
    if (format === 'jsonl')
      return sink.print(
        '',
        JSON.stringify(toCompareJsonObject(location, rules, compare, changes, explain)) + '\n',
      );
    if (format === 'human')
      return sink.print(
        rules.event.session,
        formatCompareEvent(location, rules, compare, changes, { explain, color }),
      );
  };
}

/**
 * The output as a sink: jsonl lines written as they come; the timeline (`human`)
 * grouped by session, within bounded memory (SessionGroups). `finish` prints what is still held.
 */
export function createOutputSink(options: {
  format: OutputFormat;
  out: OutputWriter;
  color: boolean;
}): EventSink & { finish(): Promise<void> } {
  const { out, color } = options;
  if (options.format !== 'human')
    return { print: (_session, text) => out.write(text), finish: async () => {} };
  const groups = new SessionGroups(
    (text) => out.write(text),
    (session, continued) => formatSessionHeading(session, continued, color),
  );
  return { print: (session, text) => groups.add(session, text), finish: () => groups.flush() };
}
