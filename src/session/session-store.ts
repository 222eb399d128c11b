import type { SessionState } from './session-state';

/** The outcome of a read-modify-write: the state to store, and what to give the caller. */
export interface SessionUpdate<T> {
  next: SessionState;
  result: T;
}

/**
 * Where session states live. `update` is atomic per session: `change` sees the
 * latest stored state (undefined for a new or expired session) and returns the
 * next one; it may be called more than once (on a concurrent write), so it must
 * be pure. A store that cannot answer in time rejects with StoreUnavailableError.
 */
export interface SessionStore {
  readonly kind: 'memory' | 'redis';
  update<T>(sessionId: string, change: (state: SessionState | undefined) => SessionUpdate<T>): Promise<T>;
  /**
   * `update` answered at once, by a store that holds its states in this process: the hot path then
   * makes no promise and waits for no turn of the event loop. Absent for a store over the network.
   */
  updateNow?<T>(sessionId: string, change: (state: SessionState | undefined) => SessionUpdate<T>): T;
  close(): Promise<void>;
}

/** The store did not answer within its timeout, or is unreachable: answer the event as the first of its session. */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
}

/** Defaults documented in docs/state.md. */
export const DEFAULT_SESSION_TTL_MS = 60 * 60 * 1000;
export const DEFAULT_MAX_SESSIONS = 100_000;
/** 256 MiB. */
export const DEFAULT_MAX_STATE_BYTES = 256 * 1024 * 1024;
export const DEFAULT_STORE_TIMEOUT_MS = 50;
