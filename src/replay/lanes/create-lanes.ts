import type { EngineModel } from '../../filter/engine-model';
import { EngineSimulator } from '../../simulation/engine-simulator';
import { GrpcTargetClient } from './grpc-target';
import { HttpTargetClient } from './http-target';
import type { ReplayLane } from './replay-lane';
import type { TargetAccess } from './target-access';
import type { TargetClient } from './target-client';
import type { TargetUrl } from './target-url';
import { TargetWebhook } from './target-webhook';

/** Whether a target reports the rules that fired (`--target-kind`): `auto` asks it. */
export type TargetKind = 'auto' | 'rulehook' | 'other';

/** The client of a `--target` URL. */
export function createTargetClient(
  target: TargetUrl,
  options: { timeoutMs: number; concurrency: number; access: TargetAccess },
): TargetClient {
  const { timeoutMs, access } = options;
  if (target.protocol === 'grpc')
    return new GrpcTargetClient({ address: target.address, tls: target.tls, timeoutMs, access });
  return new HttpTargetClient({ ...target, timeoutMs, connections: options.concurrency, access });
}

/**
 * A lane whose webhook is a live target. Whether the target reports the rules
 * that fired is `--target-kind`, or for `auto` asked of the target itself
 * (rulehook serve: `GET /metrics` over HTTP, server reflection over gRPC).
 */
export async function createTargetLane(
  client: TargetClient,
  options: {
    sessionKey: string;
    maxSessions: number;
    targetKind: TargetKind;
    concurrency: number;
    url: string;
    engine: EngineModel;
  },
): Promise<{ lane: ReplayLane; webhook: TargetWebhook }> {
  const reportsFired =
    options.targetKind === 'auto' ? await client.probe() : options.targetKind === 'rulehook';
  const webhook = new TargetWebhook(client, {
    url: options.url,
    concurrency: options.concurrency,
    reportsFired,
  });
  const simulator = new EngineSimulator(webhook, {
    sessionKey: options.sessionKey,
    maxSessions: options.maxSessions,
    model: options.engine,
  });
  const lane: ReplayLane = {
    simulator,
    takeError: (session) => webhook.takeError(session),
    takeFiredHidden: (session) => webhook.takeFiredHidden(session),
  };
  return { lane, webhook };
}
