/**
 * Whether the process should be sent events: `loading` until rules are
 * installed, `ready` once they are, `draining` from shutdown on (events are
 * still answered while load balancers stop sending them). Draining is final.
 */
export type ReadinessStatus = 'loading' | 'ready' | 'draining';

export type ReadinessListener = (status: ReadinessStatus) => void;

/** The readiness of one process, which the probes read and the gRPC health service follows. */
export class Readiness {
  private current: ReadinessStatus = 'loading';
  private readonly listeners = new Set<ReadinessListener>();

  get status(): ReadinessStatus {
    return this.current;
  }

  /** Rules are installed: ready, unless already draining. */
  markLoaded(): void {
    if (this.current === 'loading') this.change('ready');
  }

  markDraining(): void {
    if (this.current !== 'draining') this.change('draining');
  }

  /** Calls `listener` on every change from now on; returns what stops it. */
  subscribe(listener: ReadinessListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private change(status: ReadinessStatus): void {
    this.current = status;
    for (const listener of this.listeners) listener(status);
  }
}
