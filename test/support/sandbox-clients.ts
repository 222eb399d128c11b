import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadSandboxScenario, startSandbox, type RunningSandbox } from '../../src/sandbox';
import type { SandboxWebhookTarget, VirtualClock } from '../../src/sandbox/flow';
import { loadSandboxBindings } from '../../src/sandbox/hosts';
import { writeJsonForm } from '../../src/sandbox/wire';

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

/** A valid `context` of every audio request. */
export const AUDIO_CONTEXT = {
  gk_engagement_id: 'e-1',
  gk_session_id: 's-1',
  gk_scope_id: 'bank',
  configset_id: 'default',
};

/**
 * A sandbox on loopback (HTTP and gRPC on free ports) serving a scenario: a file, or YAML text written to
 * a new temporary directory; on `clock` when given (the test moves it), answered by `webhook` when given.
 * A scenario with any diagnostic fails the test.
 */
export async function serveSandbox(
  scenario: { file: string } | { text: string },
  clock?: VirtualClock,
  webhook?: SandboxWebhookTarget,
): Promise<RunningSandbox> {
  let file: string;
  if ('file' in scenario) file = scenario.file;
  else {
    file = path.join(mkdtempSync(path.join(tmpdir(), 'sandbox-test-')), 'scenario.yaml');
    writeFileSync(file, scenario.text);
  }
  const loaded = await loadSandboxScenario(file, process.cwd());
  expect(loaded.diagnostics).toEqual([]);
  return startSandbox(loaded.scenario!, {
    host: '127.0.0.1',
    httpPort: 0,
    grpcPort: 0,
    maxMessageBytes: 1 << 20,
    ...(clock === undefined ? {} : { clock }),
    ...(webhook === undefined ? {} : { webhook }),
  });
}

/** The HTTP base and a gRPC client of a running sandbox's audio processing service. */
export function connectAudioProcessor(sandbox: RunningSandbox) {
  const base = `http://127.0.0.1:${sandbox.http!.port}`;
  const grpc = createSandboxGrpcClient(`127.0.0.1:${sandbox.grpc!.port}`, 'AudioProcessor');
  return {
    base,
    grpc,
    /** POSTs over HTTP and calls over gRPC; both must answer the same message. The HTTP answer. */
    async callBoth(method: string, pathAndQuery: string, request: Record<string, unknown>) {
      const http = await callHttp(base, 'POST', pathAndQuery, request);
      const type = loadSandboxBindings().find((b) => b.name === method)!.responseType;
      expect(writeJsonForm(type, await grpc.call(method, request))).toEqual(http.body);
      return http;
    },
    close: () => grpc.close(),
  };
}
