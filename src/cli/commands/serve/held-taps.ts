import type { Event } from '../../../contract/types';
import type { EventDecision } from '../../../contract/decision-line';
import type { WebhookCore } from '../../../hosts/core';

/**
 * At most this many events (and as many decisions) are held while the outputs open: `serve` opens them
 * right after its hosts bind, so an engine that is already calling sends a few events in that window, not
 * thousands. Beyond the bound they go unrecorded rather than unbounded in memory.
 */
export const MAX_HELD = 10_000;

/** What the core's taps saw before `--record` and `--decision-log` were open; handed to them once open. */
export interface HeldTaps {
  readonly events: readonly Event[];
  readonly decisions: readonly EventDecision[];
}

/**
 * Holds what the core's taps see from now on, when `--record` or `--decision-log` is asked for: `serve`
 * binds its hosts before it creates either file (a busy port must not leave an empty recording behind),
 * and an event answered between the binding and the opening must still be recorded and logged.
 */
export function holdCoreTaps(core: WebhookCore, record: boolean, decide: boolean): HeldTaps {
  const events: Event[] = [];
  const decisions: EventDecision[] = [];
  if (record) core.setEventTap((event) => void (events.length < MAX_HELD && events.push(event)));
  if (decide)
    core.setDecisionTap((decision) => void (decisions.length < MAX_HELD && decisions.push(decision)));
  return { events, decisions };
}
