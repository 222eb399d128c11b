import * as grpc from '@grpc/grpc-js';
import { FIRED_RULES_TRAILER, type CustomLogicResponse, type Decoded, type Event } from '../../contract';
import type { WebhookCore } from '../core';
import { formatHostPort, type RunningHost } from '../running-host';
import type { Logger } from '../../observability/logger';
import { addWebhookReflection } from './reflection';
import { customBusinessLogicService } from './service-definition';

export interface GrpcHostOptions {
  host: string;
  port: number;
  /** Largest accepted request message, in bytes (RESOURCE_EXHAUSTED beyond). */
  maxMessageBytes: number;
  logger: Logger;
}

export async function startGrpcHost(core: WebhookCore, options: GrpcHostOptions): Promise<RunningHost> {
  const server = new grpc.Server({
    'grpc.max_receive_message_length': options.maxMessageBytes,
  });
  server.addService(customBusinessLogicService, {
    OnEvent: (
      call: grpc.ServerUnaryCall<Decoded<Event>, CustomLogicResponse>,
      callback: grpc.sendUnaryData<CustomLogicResponse>,
    ) => {
      core.onEvent(call.request).then(
        (reply) => {
          if (!reply.ok) {
            const where = reply.error.field === undefined ? '' : `${reply.error.field}: `;
            return callback({ code: grpc.status.INVALID_ARGUMENT, details: where + reply.error.message });
          }
          if (reply.firedRules === undefined) return callback(null, reply.response);
          const trailer = new grpc.Metadata();
          trailer.set(FIRED_RULES_TRAILER, reply.firedRules);
          callback(null, reply.response, trailer);
        },
        (error: unknown) => {
          options.logger.error('grpc OnEvent failed', { error: String((error as Error)?.stack ?? error) });
          callback({ code: grpc.status.INTERNAL, details: 'internal error' });
        },
      );
    },
  });
  addWebhookReflection(server);

  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync(
      formatHostPort(options.host, options.port),
      grpc.ServerCredentials.createInsecure(),
      (error, bound) => (error ? reject(error) : resolve(bound)),
    ),
  );
  return {
    host: options.host,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        // tryShutdown stops accepting and lets in-flight calls complete.
        server.tryShutdown(() => resolve());
      }),
  };
}
