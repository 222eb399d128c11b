import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { InflightBytes } from '../../hosts/http/bound-inflight-bytes';
import { readJsonBody } from '../../hosts/http/read-body';
import type { RunningHost } from '../../hosts/running-host';
import { FieldTypeError, type JsonMessage } from '../wire/proto-json';
import { mapStatusToHttp } from '../wire/http-status';
import type { StatusCodeName } from '../wire/status';
import { refuseUnboundFields } from './bodiless-binding';
import { assembleRequest, findRoute, listHttpRoutes, type HttpRoute } from './http-routes';
import { normaliseJsonMessage } from './message-codec';
import { findSandboxOnlyRoute, type SandboxOnlyRoute } from './sandbox-routes';
import type { ServedMethod } from './sandbox-services';

export interface SandboxHttpOptions {
  host: string;
  port: number;
  maxMessageBytes: number;
  /** The sandbox-only endpoints (probes, sessions, reset), served before the bindings; default none. */
  sandboxRoutes?: readonly SandboxOnlyRoute[];
}

/** The sandbox has no bound on bytes in flight beyond one body each: it serves one developer's calls. */
const NO_SHED_COUNTER = { name: 'sandbox_shed_bodies', help: 'not exported', value: 0, inc: () => undefined };

function send(
  res: ServerResponse,
  body: JsonMessage,
  headers: Record<string, string> = {},
  httpStatus?: number,
): void {
  const status = body.status as { status_code?: unknown; http_trans_code?: unknown } | undefined;
  const text = JSON.stringify(body);
  res.writeHead(httpStatus ?? mapStatusToHttp(status), {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

function failure(code: StatusCodeName, message: string, extra: JsonMessage = {}): JsonMessage {
  return { status: { status_code: code, status_message: { locale: 'en-US', message }, ...extra } };
}

/**
 * Serves every HTTP binding of the sandbox services (docs/contract.md, "HTTP
 * bindings of the IVR bot and audio services"): the response message as JSON,
 * its HTTP status from its `status`. Transport problems (unknown path, wrong verb,
 * a body that is not JSON or too large, a field of the wrong kind, a body or a map
 * field a binding does not take) are answered with the same shape: a message
 * holding only `status`.
 */
export async function startSandboxHttpHost(
  methods: readonly ServedMethod[],
  options: SandboxHttpOptions,
): Promise<RunningHost> {
  const routes = listHttpRoutes(methods);
  const inflight = new InflightBytes(Number.MAX_SAFE_INTEGER, NO_SHED_COUNTER);
  const server = createServer((req, res) => {
    handle(routes, inflight, options, req, res).catch((error: unknown) => {
      if (!res.headersSent)
        send(res, failure('INTERNAL_ERROR', `internal error: ${(error as Error).message}`));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    host: options.host,
    port: (server.address() as AddressInfo).port,
    tls: false,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}

async function handle(
  routes: readonly HttpRoute[],
  inflight: InflightBytes,
  options: SandboxHttpOptions,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://sandbox');
  const verb = req.method ?? 'GET';
  const own = findSandboxOnlyRoute(options.sandboxRoutes ?? [], verb, url.pathname);
  if ('route' in own) {
    req.resume();
    const answer = own.route.answer(own.groups, url.searchParams);
    return send(res, answer.body, {}, answer.httpStatus);
  }
  const found = own.allowed.length > 0 ? own : findRoute(routes, verb, url.pathname);
  if ('allowed' in found) {
    req.resume();
    if (found.allowed.length === 0)
      return send(res, failure('NOT_FOUND', `no sandbox operation at ${url.pathname}`));
    const message = `${verb} is not allowed on ${url.pathname}; use ${found.allowed.join(' or ')}`;
    return send(res, failure('BAD_REQUEST', message, { http_trans_code: 405 }), {
      allow: found.allowed.join(', '),
    });
  }
  const { route, variables } = found;
  // Read for every binding: one without a body refuses a body rather than drop it (refuseUnboundFields).
  const declared =
    req.headers['content-length'] === undefined ? undefined : Number(req.headers['content-length']);
  const reservation = inflight.createReservation();
  const read = await readJsonBody(req, declared, options.maxMessageBytes, reservation);
  reservation.release();
  if (!read.ok && (route.binding.body !== undefined || read.error.status === 413)) {
    const code = read.error.status === 413 ? 'TOO_LARGE' : 'BAD_REQUEST';
    return send(res, failure(code, read.error.message));
  }
  const body = read.ok ? read.value : undefined;
  const unbound = refuseUnboundFields(route, url.searchParams, body);
  if (unbound !== undefined) {
    const violations = unbound.violations.length === 0 ? {} : { field_violations: unbound.violations };
    return send(res, failure('BAD_REQUEST', unbound.message, violations));
  }
  let request: JsonMessage;
  try {
    request = normaliseJsonMessage(
      route.method.binding.requestType,
      assembleRequest(route.binding, variables, url.searchParams, body),
    );
  } catch (error) {
    if (!(error instanceof FieldTypeError)) throw error;
    const violations = { field_violations: [...error.problems] };
    return send(res, failure('BAD_REQUEST', error.message, violations));
  }
  const { responseType } = route.method.binding;
  send(res, normaliseJsonMessage(responseType, await route.method.answer(request)));
}
