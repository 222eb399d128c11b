import type { WebhookCore } from '../hosts/core';

/**
 * How long `serve` drains when stopped for `reason` (the abort's reason: the CLI gives the signal's
 * name): `seconds` on SIGTERM, what orchestrators and `docker stop` send. SIGINT (Ctrl-C at a
 * terminal) and a stop by a program embedding `serve` do not wait.
 */
export function drainMilliseconds(reason: unknown, seconds: number): number {
  return reason === 'SIGTERM' ? seconds * 1000 : 0;
}

/**
 * The first step of stopping: readiness false at once (`/readyz` 503 `draining`, gRPC health
 * NOT_SERVING), then `ms` during which events are still answered as before, so that load balancers
 * stop sending events before the listeners close.
 */
export async function drainBeforeStopping(
  core: WebhookCore,
  ms: number,
  status: { write(text: string): unknown },
): Promise<void> {
  core.startDraining();
  if (ms <= 0) return;
  status.write(`rulehook: draining for ${ms / 1000} s: not ready, still answering events\n`);
  await new Promise((resolve) => setTimeout(resolve, ms));
}
