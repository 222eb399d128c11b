import * as grpc from '@grpc/grpc-js';
import type { GrpcHealth } from '../../hosts/grpc/health';
import type { RunningHost } from '../../hosts/running-host';
import type { JsonMessage } from '../wire/proto-json';
import { decodeBinaryRequest, encodeBinaryResponse } from './message-codec';
import type { ServedMethod } from './sandbox-services';

export interface SandboxGrpcOptions {
  host: string;
  port: number;
  maxMessageBytes: number;
  /** The standard health service, served beside the sandbox services; default none. */
  health?: GrpcHealth;
}

type Decoded = { ok: true; request: JsonMessage } | { ok: false; message: string };

/**
 * Serves the sandbox services over gRPC (plaintext): each method's codec is its
 * protobufjs type, so a request that is no such message is answered
 * INVALID_ARGUMENT; every other answer is OK at the transport level, with the
 * outcome in the response's `status`, as the platform does.
 */
export async function startSandboxGrpcHost(
  methods: readonly ServedMethod[],
  options: SandboxGrpcOptions,
): Promise<RunningHost> {
  const server = new grpc.Server({ 'grpc.max_receive_message_length': options.maxMessageBytes });
  for (const service of new Set(methods.map((m) => m.binding.service))) {
    const ofService = methods.filter((m) => m.binding.service === service);
    const definition: Record<string, grpc.MethodDefinition<Decoded, JsonMessage>> = {};
    const handlers: grpc.UntypedServiceImplementation = {};
    for (const { binding, answer } of ofService) {
      definition[binding.name] = {
        path: binding.path,
        requestStream: false,
        responseStream: false,
        requestSerialize: () => {
          throw new Error('the server never serializes requests');
        },
        requestDeserialize: (bytes: Buffer): Decoded => {
          try {
            return { ok: true, request: decodeBinaryRequest(binding.requestType, bytes) };
          } catch (error) {
            return { ok: false, message: `not a ${binding.requestType.name}: ${(error as Error).message}` };
          }
        },
        responseSerialize: (json: JsonMessage) => encodeBinaryResponse(binding.responseType, json),
        responseDeserialize: () => {
          throw new Error('the server never deserializes responses');
        },
      };
      handlers[binding.name] = (
        call: grpc.ServerUnaryCall<Decoded, JsonMessage>,
        callback: grpc.sendUnaryData<JsonMessage>,
      ) => {
        if (!call.request.ok)
          return callback({ code: grpc.status.INVALID_ARGUMENT, details: call.request.message });
        const request = call.request.request;
        Promise.resolve()
          .then(() => answer(request))
          .then(
            (response) => callback(null, response),
            (error: unknown) =>
              callback({
                code: grpc.status.INTERNAL,
                details: `internal error: ${(error as Error).message}`,
              }),
          );
      };
    }
    server.addService(definition, handlers);
  }
  options.health?.addToServer(server);
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync(
      `${options.host}:${options.port}`,
      grpc.ServerCredentials.createInsecure(),
      (error, bound) => (error ? reject(error) : resolve(bound)),
    ),
  );
  return {
    host: options.host,
    port,
    tls: false,
    close: () => {
      options.health?.close();
      return new Promise<void>((resolve) => server.tryShutdown(() => resolve()));
    },
  };
}
