import { isUtf8 } from 'node:buffer';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHandWrittenWebhook } from './traffic-hand-written';

/**
 * The traffic suite's second baseline, a process of its own like `rulehook
 * serve`: the webhook a team would write by hand on `node:http` for the
 * traffic pack (traffic-hand-written.ts), with the checks the contract asks of
 * an event: `POST /v1/events`, a JSON content type, at most 1 MiB, UTF-8, an
 * object whose `session_variables` maps names to strings. Answers
 * `result_code` 200 with a JSON body. Prints its port as `serve` does, stops
 * on SIGTERM. Calls kept: at most rulehook's default `--max-sessions`.
 */
const MAX_SESSIONS = 100_000;
const MAX_BODY_BYTES = 1024 * 1024;
const JSON_TYPE = /^application\/json\s*(;\s*charset="?utf-8"?\s*)?$/i;

const answerEvent = createHandWrittenWebhook(MAX_SESSIONS);

function sendJson(res: ServerResponse, status: number, body: unknown, headers: object = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

function refuse(res: ServerResponse, status: number, code: string, message: string, close = false): void {
  sendJson(res, status, { error: { code, message } }, close ? { connection: 'close' } : {});
}

/** The event's variables, or why the body is not an event. */
function readEvent(body: Buffer): Record<string, string> | string {
  if (!isUtf8(body)) return 'the body is not valid UTF-8';
  const text = body.toString('utf8');
  let event: unknown;
  try {
    event = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    return 'the body is not JSON';
  }
  if (typeof event !== 'object' || event === null || Array.isArray(event)) return 'the body is not an object';
  const variables = (event as { session_variables?: unknown }).session_variables ?? {};
  if (typeof variables !== 'object' || variables === null || Array.isArray(variables))
    return 'session_variables is not an object';
  const map = variables as Record<string, unknown>;
  for (const key in map)
    if (typeof map[key] !== 'string') return `session_variables["${key}"] is not a string`;
  return map as Record<string, string>;
}

function handle(req: IncomingMessage, res: ServerResponse): void {
  const path = (req.url ?? '').split('?')[0];
  if (path !== '/v1/events' && path !== '/v1/events/') return refuse(res, 404, 'NOT_FOUND', 'no such path');
  if (req.method !== 'POST') {
    res.setHeader('allow', 'POST');
    return refuse(res, 405, 'METHOD_NOT_ALLOWED', 'use POST');
  }
  if (!JSON_TYPE.test(req.headers['content-type'] ?? ''))
    return refuse(res, 415, 'UNSUPPORTED_MEDIA_TYPE', 'expected application/json', true);
  if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES)
    return refuse(res, 413, 'PAYLOAD_TOO_LARGE', 'at most 1 MiB', true);
  const chunks: Buffer[] = [];
  let size = 0;
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      refuse(res, 413, 'PAYLOAD_TOO_LARGE', 'at most 1 MiB', true);
      req.destroy();
    } else chunks.push(chunk);
  });
  req.on('end', () => {
    const variables = readEvent(Buffer.concat(chunks));
    if (typeof variables === 'string') return refuse(res, 400, 'INVALID_ARGUMENT', variables);
    sendJson(res, 200, answerEvent(variables));
  });
}

const server = createServer(handle);
server.listen(0, '127.0.0.1', () => {
  console.log(`hand-written: HTTP listening on http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
process.once('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
});
