import * as grpc from '@grpc/grpc-js';
import { createEmptyResponse, type CustomLogicResponse, type Decoded, type Event } from '../src/contract';
import { customBusinessLogicService } from '../src/hosts/grpc';
import type { RunningHost } from '../src/hosts';

/**
 * The gRPC baseline: grpc-js serving OnEvent with rulehook's own serializers
 * (so decoding and encoding cost the same on both sides) and a trivial handler
 * that answers an empty response at once: no core, no metrics, no trailer, no
 * reflection. What the rulehook host costs beyond this is its own.
 */
export async function startBareGrpcServer(host: string, maxMessageBytes: number): Promise<RunningHost> {
  const server = new grpc.Server({ 'grpc.max_receive_message_length': maxMessageBytes });
  const answer = createEmptyResponse();
  server.addService(customBusinessLogicService, {
    OnEvent: (
      _call: grpc.ServerUnaryCall<Decoded<Event>, CustomLogicResponse>,
      callback: grpc.sendUnaryData<CustomLogicResponse>,
    ) => callback(null, answer),
  });
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync(`${host}:0`, grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
  return { host, port, close: () => new Promise<void>((resolve) => server.tryShutdown(() => resolve())) };
}
