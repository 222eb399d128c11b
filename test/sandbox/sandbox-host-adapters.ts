import * as grpc from '@grpc/grpc-js';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RunningSandbox } from '../../src/sandbox';
import { VirtualClock } from '../../src/sandbox/flow';
import { loadSandboxBindings, type MethodBinding } from '../../src/sandbox/hosts';
import { writeJsonForm, type JsonMessage } from '../../src/sandbox/wire';
import { checkHealth, createHealthClient } from '../support/health-client';
import { callHttp, createSandboxGrpcClient, serveSandbox } from '../support/sandbox-clients';

/**
 * An answer of a sandbox host, the same shape whichever transport carried it: the service's answer (its
 * message in proto3 JSON form, and the HTTP status it has), or the refusal of a request the transport could
 * not read as the method's request message.
 */
export type SandboxReply =
  { answered: true; httpStatus: number; message: JsonMessage } | { answered: false; message: string };

/** One sandbox host, on its own sandbox and clock, driven through its real wire. */
export interface SandboxHostUnderTest {
  clock: VirtualClock;
  /** Calls an IVR bot method with a request in proto3 JSON form. */
  call(method: string, request: JsonMessage): Promise<SandboxReply>;
  /**
   * Calls an IVR bot method whose HTTP binding has a body with a request that is no such message (HTTP: a
   * body that is not JSON; gRPC: truncated bytes).
   */
  callUnreadable(method: string): Promise<SandboxReply>;
  /**
   * The host's probes: live when it answers its liveness probe (HTTP `/healthz`; gRPC: the health service
   * answers at all), ready when its readiness probe says so (HTTP `/readyz`; gRPC: `""` is SERVING).
   */
  probe(): Promise<{ live: boolean; ready: boolean }>;
  /** What the sandbox's close does first: it reports itself not ready. */
  startDraining(): void;
  close(): Promise<void>;
}

const SCENARIO = path.join(__dirname, '../../examples/sandbox/noise-reduction.yaml');
const START = Date.parse('2026-05-01T09:00:00Z');
const CONTRACT = readFileSync(path.join(__dirname, '../../docs/contract.md'), 'utf8');

/** The HTTP status of each StatusCode, as docs/contract.md's mapping table gives it. */
function readDocumentedHttpStatuses(): Map<string, number> {
  const start = CONTRACT.indexOf('| StatusCode | HTTP |');
  const statuses = new Map<string, number>();
  for (const row of CONTRACT.slice(start, CONTRACT.indexOf('\n\n', start)).split('\n').slice(2)) {
    const [, codes = '', http = ''] = row.split('|');
    for (const code of codes.split(',')) statuses.set(code.trim(), Number(http));
  }
  return statuses;
}

const DOCUMENTED_HTTP = readDocumentedHttpStatuses();

/** Values for the path variables of an unreadable request's binding, which are read before its body. */
const PATH_VARIABLES = { gk_scope_id: 'bank', call_session_id: 'cs-unread' };

function findBinding(method: string): MethodBinding {
  const binding = loadSandboxBindings().find((b) => b.service.endsWith('.IVRBot') && b.name === method);
  if (binding === undefined) throw new Error(`no IVR bot method ${method}`);
  return binding;
}

/** Dotted query keys (`custom_data.tier=gold`) of a request's fields, as google.api.http reads a query. */
function toQuery(fields: JsonMessage, prefix = ''): string[] {
  return Object.entries(fields).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? toQuery(value as JsonMessage, `${prefix}${key}.`)
      : [`${encodeURIComponent(prefix + key)}=${encodeURIComponent(String(value))}`],
  );
}

/** The method's first HTTP binding filled in: the path variables from the request, the rest in body or query. */
function toHttpCall(method: string, request: JsonMessage): { verb: string; target: string; body?: unknown } {
  const { verb, template, body } = findBinding(method).http[0]!;
  const rest = { ...request };
  const target = template.replace(/\{([a-z_]+)\}/g, (_match, name: string) => {
    const value = String(rest[name] ?? '');
    delete rest[name];
    return encodeURIComponent(value);
  });
  if (body !== undefined) return { verb, target, body: rest };
  const query = toQuery(rest);
  return { verb, target: query.length === 0 ? target : `${target}?${query.join('&')}` };
}

/** A 400 whose status is BAD_REQUEST is the HTTP host's refusal of what it could not read; any other, an answer. */
function readHttpReply(reply: { status: number; body: JsonMessage }): SandboxReply {
  const status = reply.body.status as { status_code?: string; status_message?: { message: string } };
  if (reply.status === 400 && status.status_code === 'BAD_REQUEST')
    return { answered: false, message: status.status_message?.message ?? '' };
  return { answered: true, httpStatus: reply.status, message: reply.body };
}

/** A scenario file, or YAML text; the hosts' default is the noise-reduction example. */
export type HostScenario = { file: string } | { text: string };

async function openSandbox(
  scenario: HostScenario,
): Promise<{ sandbox: RunningSandbox; clock: VirtualClock }> {
  const clock = new VirtualClock(START);
  return { sandbox: await serveSandbox(scenario, clock), clock };
}

export async function createSandboxHttpAdapter(
  scenario: HostScenario = { file: SCENARIO },
): Promise<SandboxHostUnderTest> {
  const { sandbox, clock } = await openSandbox(scenario);
  const base = `http://127.0.0.1:${sandbox.http!.port}`;
  return {
    clock,
    call: async (method, request) => {
      const { verb, target, body } = toHttpCall(method, request);
      return readHttpReply(await callHttp(base, verb, target, body));
    },
    callUnreadable: async (method) => {
      const { verb, target } = toHttpCall(method, PATH_VARIABLES);
      return readHttpReply(await callHttp(base, verb, target, '{"gk_scope_id":'));
    },
    probe: async () => {
      const live = await callHttp(base, 'GET', '/healthz');
      const ready = await callHttp(base, 'GET', '/readyz');
      return {
        live: live.status === 200 && live.body.status === 'ok',
        ready: ready.status === 200 && ready.body.status === 'ready',
      };
    },
    startDraining: () => sandbox.readiness.markDraining(),
    close: () => sandbox.close(),
  };
}

/** A gRPC answer is OK at the transport level: its HTTP status is the documented one of its `status`. */
function readGrpcAnswer(method: string, response: Record<string, unknown>): SandboxReply {
  const message = writeJsonForm(findBinding(method).responseType, response);
  const code = (message.status as { status_code?: string } | undefined)?.status_code ?? 'UNSPECIFIED';
  return { answered: true, httpStatus: DOCUMENTED_HTTP.get(code) ?? 500, message };
}

function readGrpcRefusal(error: grpc.ServiceError): SandboxReply {
  if (error.code !== grpc.status.INVALID_ARGUMENT)
    throw new Error(`unexpected gRPC status ${error.code}: ${error.details}`);
  return { answered: false, message: error.details };
}

export async function createSandboxGrpcAdapter(
  scenario: HostScenario = { file: SCENARIO },
): Promise<SandboxHostUnderTest> {
  const { sandbox, clock } = await openSandbox(scenario);
  const address = `127.0.0.1:${sandbox.grpc!.port}`;
  const client = createSandboxGrpcClient(address, 'IVRBot');
  const raw = new grpc.Client(address, grpc.credentials.createInsecure());
  const health = createHealthClient(address);
  return {
    clock,
    call: (method, request) =>
      client.call(method, request).then(
        (response) => readGrpcAnswer(method, response),
        (error: grpc.ServiceError) => readGrpcRefusal(error),
      ),
    callUnreadable: (method) =>
      new Promise((resolve, reject) =>
        // A length-delimited field 1 declaring 5 bytes, of which one follows: StartIVRSessionRequest's
        // (reserved) is skipped, the others' is call_session_id, a string.
        raw.makeUnaryRequest<Buffer, Buffer>(
          findBinding(method).path,
          (bytes) => bytes,
          (bytes) => bytes,
          Buffer.from([0x0a, 0x05, 0x61]),
          (error) => (error ? resolve(readGrpcRefusal(error)) : reject(new Error('answered OK'))),
        ),
      ),
    probe: async () => {
      const checked = await checkHealth(health, '');
      return { live: checked.code === undefined, ready: checked.status === 'SERVING' };
    },
    startDraining: () => sandbox.readiness.markDraining(),
    close: async () => {
      client.close();
      raw.close();
      health.close();
      await sandbox.close();
    },
  };
}
