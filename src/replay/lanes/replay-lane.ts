import type { SessionVariables } from '../../contract/types';
import type { EngineSimulator } from '../../simulation/engine-simulator';
import type { RaisedEventFacts } from '../../simulation/webhook';
import type { SimulatedEvent } from '../../simulation/simulated-event';

/** One simulated engine and its webhook: the rules in-process, or a live target. */
export interface ReplayLane {
  simulator: EngineSimulator;
  /** The error of the last call made for this session, if it failed (targets only); cleared when read. */
  takeError?(session: string): string | undefined;
  /** Whether the last answer for this session did not say which rules fired (`FIRED_NOT_EXPOSED`); cleared when read. */
  takeFiredHidden?(session: string): boolean;
}

/** What one lane did with one recorded event. */
export interface LaneOutcome {
  event: SimulatedEvent;
  /** Set when the event was sent and the call failed (no response: the engine applied nothing). */
  error?: string;
  /** Set when the event was answered by a rulehook target that does not expose which rules fired. */
  firedHidden?: true;
}

/** One recorded event, replayed through every lane (two with `--compare`). */
export interface ReplayedEvent {
  file: string;
  line: number;
  outcomes: LaneOutcome[];
}

/**
 * Raises the event in each lane in turn; a failed call is reported on the outcome. `facts`: what a
 * decision-log line adds (EngineSimulator#raise). Without a promise when every lane answers at once (the
 * rules in-process, a decision log): a long replay raises millions of events. `names`: the own keys of
 * `variables`, given when the caller is done with the object; a single lane then takes it over
 * (EngineSimulator#raiseNow), several lanes each need it as read.
 */
export function raiseInLanes(
  lanes: readonly ReplayLane[],
  variables: SessionVariables,
  facts: RaisedEventFacts = {},
  names?: readonly string[],
): LaneOutcome[] | Promise<LaneOutcome[]> {
  const outcomes: LaneOutcome[] = [];
  const handed = names !== undefined && lanes.length === 1 ? { names } : undefined;
  for (let i = 0; i < lanes.length; i++) {
    const lane = lanes[i] as ReplayLane;
    const event = lane.simulator.raiseNow(variables, facts, handed);
    if (isPromise(event)) return raiseLater(lanes, i, event, variables, facts, outcomes);
    outcomes.push(toOutcome(lane, event));
  }
  return outcomes;
}

/** The rest of `raiseInLanes` once lane `first` answered with a promise: lanes still one after the other. */
async function raiseLater(
  lanes: readonly ReplayLane[],
  first: number,
  event: Promise<SimulatedEvent>,
  variables: SessionVariables,
  facts: RaisedEventFacts,
  outcomes: LaneOutcome[],
): Promise<LaneOutcome[]> {
  outcomes.push(toOutcome(lanes[first] as ReplayLane, await event));
  for (const lane of lanes.slice(first + 1))
    outcomes.push(toOutcome(lane, await lane.simulator.raiseNow(variables, facts)));
  return outcomes;
}

function toOutcome(lane: ReplayLane, event: SimulatedEvent): LaneOutcome {
  const error = event.sent ? lane.takeError?.(event.session) : undefined;
  const hidden = event.sent && lane.takeFiredHidden?.(event.session) === true;
  if (error !== undefined) return { event: { ...event, fired: null, response: null }, error };
  return hidden ? { event, firedHidden: true } : { event };
}

/** A promise from another realm (jest's) is no `instanceof Promise`: a then settles it. */
export function isPromise<T>(value: T | Promise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}
