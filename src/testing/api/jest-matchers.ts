import type { FilterReason } from '../../filter/decide';
import type { ExpectationSpec } from '../scenario/scenario-spec';

/*
 * Types of the matchers for jest's global `expect` (@types/jest), once
 * registered with `expect.extend(matchers)`.
 */
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace jest {
    // eslint-disable-next-line @typescript-eslint/no-unused-vars, @typescript-eslint/no-empty-object-type
    interface Matchers<R, T = {}> {
      /** The event was sent and these rules (`ruleset/rule`) fired, among others maybe. */
      toHaveFired(...rules: string[]): R;
      /** The event did what the expectation says (as a scenario file's `expect`, compared the same way). */
      toRespondWith(expectation: ExpectationSpec): R;
      /** The engine's filter kept the event from the webhook (for this reason). */
      toBeFiltered(reason?: FilterReason): R;
      /** Every test of a runScenarios() report passed and no file had an error. */
      toPass(): R;
    }
  }
}

export {};
