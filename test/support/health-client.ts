import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { protoPath } from 'grpc-health-check';

/** A grpc-js client of the standard health service, built from the .proto grpc-health-check ships. */
export interface HealthClient extends grpc.Client {
  Check(
    request: { service: string },
    callback: (error: grpc.ServiceError | null, reply?: { status: string }) => void,
  ): grpc.ClientUnaryCall;
  Watch(request: { service: string }): grpc.ClientReadableStream<{ status: string }>;
}

export function createHealthClient(address: string): HealthClient {
  const definition = protoLoader.loadSync(protoPath, { keepCase: true, enums: String });
  const pkg = grpc.loadPackageDefinition(definition) as unknown as {
    grpc: { health: { v1: { Health: new (a: string, c: grpc.ChannelCredentials) => HealthClient } } };
  };
  return new pkg.grpc.health.v1.Health(address, grpc.credentials.createInsecure());
}

/** One Check: its status (or error code) and the revision in its response headers. */
export function checkHealth(
  client: HealthClient,
  service: string,
): Promise<{ status?: string; code?: number; revision?: string }> {
  return new Promise((resolve) => {
    let revision: string | undefined;
    const call = client.Check({ service }, (error, reply) =>
      resolve(error ? { code: error.code } : { status: reply!.status, ...(revision && { revision }) }),
    );
    call.on('metadata', (metadata) => (revision = metadata.get('rulehook-revision')[0] as string));
  });
}
