import type { SessionVariables } from '../../contract';
import type { EngineSimulator, RaisedEventFacts, SimulatedEvent } from '../../simulation';

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
 * decision-log line adds (EngineSimulator#raise).
 */
export async function raiseInLanes(
  lanes: readonly ReplayLane[],
  variables: SessionVariables,
  facts: RaisedEventFacts = {},
): Promise<LaneOutcome[]> {
  const outcomes: LaneOutcome[] = [];
  for (const lane of lanes) {
    const event = await lane.simulator.raise(variables, facts);
    const error = event.sent ? lane.takeError?.(event.session) : undefined;
    const hidden = event.sent && lane.takeFiredHidden?.(event.session) === true;
    if (error !== undefined) outcomes.push({ event: { ...event, fired: null, response: null }, error });
    else outcomes.push(hidden ? { event, firedHidden: true } : { event });
  }
  return outcomes;
}
