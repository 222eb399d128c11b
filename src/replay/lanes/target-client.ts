import type { CustomLogicResponse, SessionVariables } from '../../contract';
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
  /** Whether the target is a `rulehook serve` (it then reports fired rules, none when the header is absent). */
  probe(): Promise<boolean>;
  close(): void;
}

/**
 * The rules that fired, from the `rulehook-fired` value. From a target that
 * does not report fired rules (or is not trusted to, `--target-kind other`)
 * the answer is null whatever it sends; from one that does, no value means none.
 */
export function parseFiredHeader(value: string | undefined, targetReportsFired: boolean): string[] | null {
  if (!targetReportsFired) return null;
  return value === undefined ? [] : parseFiredRules(value);
}
