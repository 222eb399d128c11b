import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import path from 'node:path';

const PROTO_DIR = path.join(__dirname, '../../proto');

/** proto-loader's object form: names as in the proto, enums as names, 64-bit integers as numbers. */
const LOADER_OPTIONS = {
  keepCase: true,
  enums: String,
  longs: Number,
  defaults: false,
  includeDirs: [PROTO_DIR],
};

type UnaryMethod = (
  request: object,
  callback: (error: grpc.ServiceError | null, response: Record<string, unknown>) => void,
) => void;

/** A real grpc-js client of a sandbox service, from proto-loader (not from rulehook's own codec). */
export function createSandboxGrpcClient(
  address: string,
  service: 'IVRBot' | 'AudioProcessor',
): { call(method: string, request: object): Promise<Record<string, unknown>>; close(): void } {
  const file =
    service === 'IVRBot' ? 'vendor/biosec/v1/ivr_bot.proto' : 'vendor/biosec/v1/audio_processor.proto';
  const definition = grpc.loadPackageDefinition(protoLoader.loadSync(file, LOADER_OPTIONS));
  const pkg = (definition.vendor as grpc.GrpcObject).biosec as grpc.GrpcObject;
  const Client = (pkg.v1 as grpc.GrpcObject)[service] as grpc.ServiceClientConstructor;
  const client = new Client(address, grpc.credentials.createInsecure()) as unknown as Record<
    string,
    UnaryMethod
  > &
    grpc.Client;
  return {
    call: (method, request) =>
      new Promise((resolve, reject) =>
        client[method]!.call(client, request, (error, response) =>
          error ? reject(error) : resolve(response),
        ),
      ),
    close: () => client.close(),
  };
}

/** An HTTP call: the status and the parsed JSON body. */
export async function callHttp(
  base: string,
  verb: string,
  pathAndQuery: string,
  body?: unknown,
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const response = await fetch(base + pathAndQuery, {
    method: verb,
    ...(body === undefined
      ? {}
      : {
          body: typeof body === 'string' ? body : JSON.stringify(body),
          headers: { 'content-type': 'application/json' },
        }),
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    headers: response.headers,
  };
}
