import { encodeDecisionLine, type EventDecision, type LogMask } from '../../contract/decision-line';

/** Decisions `GET /console/api/decisions/recent` answers at most (the ring's size). */
export const DEFAULT_RECENT_DECISIONS = 200;

/** One console client of the feed: handed each decision's line (the decision log's line, without its newline). */
export type DecisionListener = (line: string) => void;

/** A decision of the ring: its line is built when first read, never on the event's path. */
interface Held {
  decision?: EventDecision | undefined;
  line?: string | undefined;
}

export interface DecisionFeedOptions {
  /** `serve --mask`: the decision log's mask, so that the console shows what the decision log writes. */
  mask?: LogMask | undefined;
  /** The ring's size (DEFAULT_RECENT_DECISIONS). */
  recent?: number;
}

/**
 * The decisions of `serve --console`: the serve core's decision tap publishes every decision here. Each
 * is the decision log's line (encodeDecisionLine, under the same mask): the console never masks twice, nor
 * otherwise. The hot path pays one array store per decision when no console client listens: the line is
 * built only when a listener is there to read it, or when the ring is read. The ring holds the last
 * `recent` decisions, for a page that just opened.
 */
export class DecisionFeed {
  private readonly ring: Held[];
  private next = 0;
  private count = 0;
  private readonly listeners = new Set<DecisionListener>();
  private readonly closers = new Set<() => void>();
  private closedFlag = false;
  /** Told when the first listener comes and the last one goes (`--workers` relays only while someone listens). */
  onListening: ((listening: boolean) => void) | undefined;

  constructor(private readonly options: DecisionFeedOptions = {}) {
    // Slots made once and reused: keeping a decision allocates nothing.
    this.ring = Array.from({ length: Math.max(1, options.recent ?? DEFAULT_RECENT_DECISIONS) }, () => ({}));
  }

  /** What the decision tap calls: quick, never throws on a listener's behalf. */
  readonly publish = (decision: EventDecision): void => {
    if (this.listeners.size === 0) {
      this.keep(decision, undefined);
      return;
    }
    const line = this.lineOf(decision);
    this.keep(undefined, line);
    this.tell(line);
  };

  /** A decision another process made and already encoded (a worker's, relayed by the primary). */
  publishLine(line: string): void {
    this.keep(undefined, line);
    this.tell(line);
  }

  /** The line of a decision made here, as the decision log writes it without its newline. */
  lineOf(decision: EventDecision): string {
    return encodeDecisionLine(decision, this.options.mask).slice(0, -1);
  }

  /** The last decisions held, oldest first. */
  recent(): string[] {
    const size = this.ring.length;
    const lines: string[] = [];
    for (let i = 0; i < this.count; i++) {
      const held = this.ring[(this.next - this.count + i + size) % size] as Held;
      if (held.line === undefined && held.decision !== undefined) {
        held.line = this.lineOf(held.decision);
        held.decision = undefined;
      }
      lines.push(held.line as string);
    }
    return lines;
  }

  get listening(): boolean {
    return this.listeners.size > 0;
  }

  get closed(): boolean {
    return this.closedFlag;
  }

  /**
   * Adds a listener; `close` is called when the feed closes (the server stops). Returns the unsubscribe.
   */
  subscribe(listener: DecisionListener, close: () => void): () => void {
    if (this.closedFlag) {
      close();
      return () => undefined;
    }
    const first = this.listeners.size === 0;
    this.listeners.add(listener);
    this.closers.add(close);
    if (first) this.onListening?.(true);
    return () => {
      this.closers.delete(close);
      if (!this.listeners.delete(listener)) return;
      if (this.listeners.size === 0) this.onListening?.(false);
    };
  }

  /** The server stops (or drains): every stream ends now, so that it does not hold the stop. */
  close(): void {
    this.closedFlag = true;
    const closers = [...this.closers];
    this.closers.clear();
    this.listeners.clear();
    for (const close of closers) close();
  }

  private keep(decision: EventDecision | undefined, line: string | undefined): void {
    const slot = this.ring[this.next] as Held;
    slot.decision = decision;
    slot.line = line;
    this.next = (this.next + 1) % this.ring.length;
    if (this.count < this.ring.length) this.count++;
  }

  private tell(line: string): void {
    for (const listener of this.listeners) listener(line);
  }
}
