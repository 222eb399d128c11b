import type { CustomLogicResponse, SessionVariables } from '../../contract/types';
import { parseFiredRules } from '../../contract/fired-rules';

/** What a live webhook answered to one event. */
export interface TargetReply {
  response: CustomLogicResponse;
  /** The `rulehook-fired` header or trailer, when the target sent one. */
  firedHeader: string | undefined;
}

/** A connection to a live webhook (HTTP or gRPC); `send` rejects with a readable Error when the call fails. */
export interface TargetClient {
  send(variables: SessionVariables): Promise<TargetReply>;
  /** Whether the target is a `rulehook serve` (it then says which rules fired when started with --expose-fired). */
  probe(): Promise<boolean>;
  close(): void;
}

/**
 * The rules that fired, from the `rulehook-fired` value. From a target that
 * does not report fired rules (or is not trusted to, `--target-kind other`)
 * the answer is null whatever it sends. From one that does, an empty value
 * means none fired, and no value at all that it does not expose them (a
 * `rulehook serve` without --expose-fired): null, unknown.
 */
export function parseFiredHeader(value: string | undefined, targetReportsFired: boolean): string[] | null {
  if (!targetReportsFired || value === undefined) return null;
  return parseFiredRules(value);
}

/** What the replay says when a rulehook target sends no `rulehook-fired`. */
export const FIRED_NOT_EXPOSED =
  'the target does not expose which rules fired (start it with --expose-fired)';
