import type { Event } from '../contract/types';
import type { EventDecision, VariableMask } from '../contract/decision-line';
import type { Metrics } from '../observability/metrics';
import type { Logger } from '../observability/logger';
import type { EventProcessor } from '../processor/event-processor';
import type { FailPolicy } from './fail-policy';
import type { RulesReload } from './rules-reload';

export interface CoreOptions {
  processor?: EventProcessor;
  /** The revision (content hash) of the rules `processor` runs. */
  revision?: string;
  metrics?: Metrics;
  logger?: Logger;
  /** Default `open`. */
  failPolicy?: FailPolicy;
  /** Most events in flight at once, both hosts together (`--max-inflight-events`). */
  maxInflightEvents?: number;
  /**
   * The percentage of `maxInflightEvents` one remote address may have in flight (`--client-share`; default
   * DEFAULT_CLIENT_SHARE_PERCENT); 100: no share, one address may take every place.
   */
  clientSharePercent?: number;
  /**
   * Send the rules that fired in `rulehook-fired` (`--expose-fired`). Default false: the list tells a
   * caller which rules its events meet, a map for getting around them.
   */
  exposeFiredRules?: boolean;
  /** Masks personal variables in the debug line of each event (`--mask`); default: none masked. */
  maskVariables?: VariableMask;
  /** Reloads the rules (`POST /admin/reload`); absent: this server does not reload (404). */
  rulesReload?: RulesReload;
  /**
   * Sees every decoded event before it is processed (`serve --record`). It must be quick and must not keep
   * the event waiting; a throw is logged and ignored, never failing the event.
   */
  eventTap?: (event: Event) => void;
  /**
   * Sees what was decided for every event answered, with its request id, revision and duration
   * (`serve --decision-log`). It is called once the outcome is known, before the host writes the answer:
   * it must only queue the decision (serializing and writing come after the answer); a throw is logged and
   * ignored, never failing the event.
   */
  decisionTap?: (decision: EventDecision) => void;
}
