import type { CarriedState } from '../session/carried-state';
import type { SessionState } from '../session/session-state';

/**
 * Whether the sealed state an event carries is older than the newest one the
 * store saw sealed for its call: replayed from earlier in the call (to make a
 * `once` rule fire again, or drop a filter), or an answer the engine did not
 * apply. Either way the store's newer state is the one to continue from.
 */
export function isRolledBack(carried: CarriedState, stored: SessionState | undefined): boolean {
  return carried.state !== undefined && stored !== undefined && stored.sealed > carried.state.sealed;
}
