import type { Event } from '../contract/types';
import type { EventOutcome, EventProcessor } from '../processor/event-processor';
import type { RateLimitedLog } from '../observability/rate-limited-log';
import type { CoreMetrics, EventCounters } from './core-metrics';
import type { EventReports } from './event-reports';
import { answerByFailPolicy, type FailPolicy } from './fail-policy';

/** How the core's answers are counted, reported and failed: the same for every event, built once. */
export interface EventProcessing {
  counts: CoreMetrics;
  reports: EventReports;
  failureLog: RateLimitedLog;
  failPolicy: FailPolicy;
}

/** One event on its way: what its answer is counted and reported with. */
interface EventRun {
  event: Event;
  /** The revision of the rules answering it: read with the processor, so an event is reported by its rules. */
  revision: string;
  counters: EventCounters;
  /** The caller's id, or the one generated for its first log line. */
  requestId: string | undefined;
  /** Whether its decision is reported (logged, tapped), from `start` (performance.now(), in ms). */
  reported: boolean;
  start: number;
}

/**
 * Answers one event with the processor, never failing: a processor that throws or rejects is answered by
 * the fail policy, counted and logged. Answers at once when the processor does (a store in this process,
 * or none), through a promise otherwise: the hosts' hot path saves the promise and its turns of the
 * microtask queue per event.
 */
export function processEvent(
  p: EventProcessing,
  processor: EventProcessor,
  revision: string,
  event: Event,
  requestId: string | undefined,
  names: readonly string[] | undefined,
): EventOutcome | Promise<EventOutcome> {
  const reported = p.reports.wanted();
  const run: EventRun = {
    event,
    revision,
    counters: p.counts.countersFor(event),
    requestId,
    reported,
    start: reported ? performance.now() : 0,
  };
  let pending: EventOutcome | Promise<EventOutcome>;
  try {
    pending = processor.process(event, names);
  } catch (error) {
    return settle(p, run, fail(p, run, error));
  }
  if (!(pending instanceof Promise)) return succeed(p, run, pending);
  return pending.then(
    (outcome) => succeed(p, run, outcome),
    (error: unknown) => settle(p, run, fail(p, run, error)),
  );
}

function fail(p: EventProcessing, run: EventRun, error: unknown): EventOutcome {
  run.counters.failed.inc();
  p.counts.failures.inc();
  run.requestId ??= p.reports.nextId();
  p.failureLog.log({
    request_id: run.requestId,
    revision: run.revision,
    policy: p.failPolicy,
    error: String((error as Error)?.stack ?? error),
  });
  return { response: answerByFailPolicy(p.failPolicy), fired: [] };
}

function succeed(p: EventProcessing, run: EventRun, outcome: EventOutcome): EventOutcome {
  run.counters.answered.inc();
  return settle(p, run, outcome);
}

function settle(p: EventProcessing, run: EventRun, outcome: EventOutcome): EventOutcome {
  if (run.reported)
    p.reports.report(
      run.event,
      outcome,
      run.requestId ?? p.reports.nextId(),
      run.revision,
      performance.now() - run.start,
    );
  return outcome;
}
