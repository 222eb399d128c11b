import type { VariableMask } from '../contract/decision-line';
import type { Metrics } from '../observability/metrics';
import type { Logger } from '../observability/logger';
import type { EventProcessor } from '../processor/event-processor';
import type { FailPolicy } from './fail-policy';

export interface CoreOptions {
  processor?: EventProcessor;
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
}
