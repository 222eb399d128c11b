import type { CustomLogicResponse, SessionVariables } from '../contract/types';
import type { FilterReason, FilterState } from '../filter/decide';
import type { PreviousEvent } from '../filter/previous-event';
import type { RuleExplanation } from '../rules/evaluate/explain-event';

/** One raised event, as the simulated engine handled it. */
export interface SimulatedEvent {
  /** The session id ('' when the event names none). */
  session: string;
  /** 1-based position of the event in its session. */
  seq: number;
  event: string;
  /** The variables the engine held when raising it: as given, overlaid with earlier responses' updates. */
  variables: SessionVariables;
  sent: boolean;
  reason: FilterReason | null;
  entry: string | null;
  /** Sorted keys added or changed since the previous raised event of the session (automatic keys excluded). */
  delta: string[];
  /** null when not sent, or when the webhook does not say. */
  fired: readonly string[] | null;
  response: CustomLogicResponse | null;
  explanation?: RuleExplanation[];
  /**
   * Of an event the filter stopped, the rules that wait for it (their `on:` takes its name), when the
   * webhook's rules are known and there is at least one.
   */
  listening?: readonly string[];
}

export interface EngineSession {
  seq: number;
  /** The variables of the session's previous raised event (not with its answer's updates). */
  previous: PreviousEvent;
  filter: FilterState;
  /** Variable updates of earlier responses, overlaid on every later event (they win over raised values). */
  overlay: Map<string, string>;
}
