import http from 'node:http';
import https from 'node:https';
import { decodeResponseJson } from '../../contract/response-json-decode';
import { encodeEventJson } from '../../contract/event-json';
import { FIRED_RULES_HEADER } from '../../contract/fired-rules';
import type { SessionVariables } from '../../contract/types';
import { WebhookCallError } from '../../simulation/webhook-failure';
import { classifySocketError } from './classify-socket-error';
import type { TargetAccess } from './target-access';
import type { TargetClient, TargetReply } from './target-client';

/** Largest response body read from a target. */
const MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

export interface HttpTargetOptions {
  hostname: string;
  port: number;
  path: string;
  timeoutMs: number;
  /** Connections kept open at most (one per session in flight). */
  connections: number;
  /** HTTPS (`https://`). */
  tls: boolean;
  access: TargetAccess;
}

/** `POST /v1/events` with proto3 JSON, as the engine calls the HTTP binding (docs/contract.md). */
export class HttpTargetClient implements TargetClient {
  private readonly agent: http.Agent;
  private readonly authorization: http.OutgoingHttpHeaders;

  constructor(private readonly options: HttpTargetOptions) {
    const { ca, cert, key, authorization } = options.access;
    const pooling = { keepAlive: true, maxSockets: options.connections };
    this.agent = options.tls
      ? new https.Agent({ ...pooling, ...(ca && { ca }), ...(cert && { cert }), ...(key && { key }) })
      : new http.Agent(pooling);
    this.authorization = authorization === undefined ? {} : { authorization };
  }

  async send(variables: SessionVariables): Promise<TargetReply> {
    const body = encodeEventJson({ session_variables: variables });
    const res = await this.request('POST', this.options.path, body);
    if (res.status !== 200)
      throw new WebhookCallError('status', `HTTP ${res.status}: ${res.body.slice(0, 200)}`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(res.body);
    } catch {
      throw new WebhookCallError('bad_answer', `the response is not JSON: ${res.body.slice(0, 200)}`);
    }
    const decoded = decodeResponseJson(parsed);
    if (!decoded.ok) {
      const where = decoded.error.field === undefined ? '' : `${decoded.error.field}: `;
      throw new WebhookCallError(
        'bad_answer',
        `the response is not a CustomLogicResponse: ${where}${decoded.error.message}`,
      );
    }
    const header = res.headers[FIRED_RULES_HEADER];
    return { response: decoded.value, firedHeader: Array.isArray(header) ? header.join(',') : header };
  }

  /** rulehook serve exposes its counters at `GET /metrics`. */
  async probe(): Promise<boolean> {
    try {
      const res = await this.request('GET', '/metrics', undefined);
      return res.status === 200 && res.body.includes('rulehook_events_total');
    } catch {
      return false;
    }
  }

  close(): void {
    this.agent.destroy();
  }

  private request(
    method: string,
    path: string,
    body: string | undefined,
  ): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
    const { hostname, port, timeoutMs } = this.options;
    return new Promise((resolve, reject) => {
      const headers: http.OutgoingHttpHeaders =
        body === undefined
          ? { ...this.authorization }
          : {
              ...this.authorization,
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
            };
      const req = (this.options.tls ? https : http).request(
        { hostname, port, path, method, headers, agent: this.agent },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > MAX_RESPONSE_BYTES)
              req.destroy(
                new WebhookCallError('bad_answer', `the response is larger than ${MAX_RESPONSE_BYTES} bytes`),
              );
            else chunks.push(chunk);
          });
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks).toString('utf8'),
            }),
          );
          res.on('error', (error) => reject(classifySocketError(error)));
        },
      );
      req.setTimeout(timeoutMs, () =>
        req.destroy(new WebhookCallError('timeout', `no answer within ${timeoutMs} ms`)),
      );
      req.on('error', (error) => reject(classifySocketError(error)));
      req.end(body);
    });
  }
}
