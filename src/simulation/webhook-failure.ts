/**
 * Why a call to the webhook brought no usable answer, as a CI step reads it:
 * - `connect`: no connection could be made (refused, unreachable, unknown host, TLS handshake refused);
 * - `timeout`: no answer within the client's time limit;
 * - `transport`: the connection broke during the call;
 * - `status`: the webhook answered a transport status other than success (HTTP not 200, gRPC not OK);
 * - `bad_answer`: it answered success with something that is not a CustomLogicResponse;
 * - `result_code`: a CustomLogicResponse whose `result_code` is not 200;
 * - `internal`: the call failed in this process (an in-process webhook that threw).
 */
export const WEBHOOK_FAILURE_KINDS = [
  'connect',
  'timeout',
  'transport',
  'status',
  'bad_answer',
  'result_code',
  'internal',
] as const;

export type WebhookFailureKind = (typeof WEBHOOK_FAILURE_KINDS)[number];

export interface WebhookFailure {
  kind: WebhookFailureKind;
  message: string;
}

/** A failed webhook call, as the HTTP and gRPC clients reject it: its message, and which kind of failure. */
export class WebhookCallError extends Error {
  constructor(
    readonly kind: WebhookFailureKind,
    message: string,
  ) {
    super(message);
    this.name = 'WebhookCallError';
  }
}

/** The failure a rejected webhook call stands for; anything but a WebhookCallError is `internal`. */
export function readWebhookFailure(error: unknown): WebhookFailure {
  if (error instanceof WebhookCallError) return { kind: error.kind, message: error.message };
  return { kind: 'internal', message: error instanceof Error ? error.message : String(error) };
}
