import type { Event } from '../../../contract/types';
import type { EventDecision } from '../../../contract/decision-line';

/**
 * At most this many events (and as many decisions) are held while the outputs open: `serve` opens them
 * right after its hosts bind, so an engine that is already calling sends a few events in that window, not
 * thousands. Beyond the bound they go unrecorded rather than unbounded in memory.
 */
export const MAX_HELD = 10_000;

/**
 * One of the core's taps, made before the core: what it sees is held (up to MAX_HELD) until its output is
 * connected, then handed to that output, held values first.
 */
export class HeldTap<T> {
  private sink: ((value: T) => void) | undefined;
  private held: T[] = [];

  /** What the core calls with each value: give it as `eventTap` or `decisionTap`. */
  readonly see = (value: T): void => {
    if (this.sink !== undefined) this.sink(value);
    else if (this.held.length < MAX_HELD) this.held.push(value);
  };

  /** The values held so far (before `connect`). */
  get pending(): readonly T[] {
    return this.held;
  }

  /** Gives `sink` the values held, in order, then every later one. */
  connect(sink: (value: T) => void): void {
    const held = this.held;
    this.held = [];
    for (const value of held) sink(value);
    this.sink = sink;
  }
}

/**
 * The core's taps for `--record` and `--decision-log`, made before the core so that it is built whole:
 * `serve` binds its hosts before it creates either file (a busy port must not leave an empty recording
 * behind), and an event answered between the binding and the opening must still be recorded and logged.
 */
export interface HeldTaps {
  events: HeldTap<Event> | undefined;
  decisions: HeldTap<EventDecision> | undefined;
}

export function createHeldTaps(record: boolean, decide: boolean): HeldTaps {
  return {
    events: record ? new HeldTap<Event>() : undefined,
    decisions: decide ? new HeldTap<EventDecision>() : undefined,
  };
}
