import * as grpc from '@grpc/grpc-js';
import https from 'node:https';
import http from 'node:http';
import {
  startGrpcHost,
  startHttpHost,
  type CallerAuth,
  type RunningHost,
  type TlsSettings,
  type WebhookCore,
} from '../../src/hosts';
import { silentLogger } from '../../src/observability/logger';
import { RawWebhookClient } from '../support/grpc-client';

/** Who calls, and how: an `authorization` value, and over TLS, the CA to trust and a client certificate. */
export interface Caller {
  authorization?: string;
  tls?: { ca: Buffer; cert?: Buffer; key?: Buffer };
}

/**
 * A reply normalized across hosts: answered (with the `rulehook-fired` value), refused for want of a
 * valid token (HTTP 401, gRPC UNAUTHENTICATED), or no exchange at all (the TLS handshake failed).
 */
export type SecureReply =
  | { ok: true; fired: string | undefined }
  | { ok: false; unauthenticated: true; message: string }
  | { ok: false; noExchange: true };

export interface SecureHostUnderTest {
  send(variables: Record<string, string>, caller: Caller): Promise<SecureReply>;
  close(): Promise<void>;
}

export interface SecureHostOptions {
  auth?: CallerAuth;
  tls?: TlsSettings;
}

const base = {
  host: '127.0.0.1',
  port: 0,
  logger: silentLogger,
  maxBodyBytes: 65_536,
  maxMessageBytes: 65_536,
};

function postHttps(host: RunningHost, secure: boolean, body: string, caller: Caller): Promise<SecureReply> {
  const headers: http.OutgoingHttpHeaders = {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
  };
  if (caller.authorization !== undefined) headers.authorization = caller.authorization;
  const options: https.RequestOptions = {
    host: '127.0.0.1',
    port: host.port,
    path: '/v1/events',
    method: 'POST',
    headers,
    agent: false,
    // The certificate names 127.0.0.1 too, but TLS SNI carries host names only.
    ...(caller.tls === undefined ? {} : { ...caller.tls, servername: 'localhost' }),
  };
  return new Promise((resolve) => {
    const req = (secure ? https : http).request(options, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (d: string) => (text += d));
      res.on('end', () => {
        if (res.statusCode === 200) {
          const fired = res.headers['rulehook-fired'];
          return resolve({ ok: true, fired: Array.isArray(fired) ? fired.join(',') : fired });
        }
        const body = JSON.parse(text) as { error: { code: string; message: string } };
        if (res.statusCode !== 401 || body.error.code !== 'UNAUTHORIZED' || !res.headers['www-authenticate'])
          throw new Error(`unexpected HTTP ${res.statusCode}: ${text}`);
        resolve({ ok: false, unauthenticated: true, message: body.error.message });
      });
    });
    req.on('error', () => resolve({ ok: false, noExchange: true }));
    req.end(body);
  });
}

export async function startSecureHttpHost(
  core: WebhookCore,
  options: SecureHostOptions,
): Promise<SecureHostUnderTest> {
  const host = await startHttpHost(core, { ...base, ...options });
  return {
    send: (variables, caller) =>
      postHttps(host, options.tls !== undefined, JSON.stringify({ session_variables: variables }), caller),
    close: () => host.close(),
  };
}

export async function startSecureGrpcHost(
  core: WebhookCore,
  options: SecureHostOptions,
): Promise<SecureHostUnderTest> {
  const host = await startGrpcHost(core, { ...base, ...options });
  const clients: RawWebhookClient[] = [];
  return {
    send: async (variables, caller) => {
      const credentials =
        caller.tls === undefined
          ? grpc.credentials.createInsecure()
          : grpc.credentials.createSsl(caller.tls.ca, caller.tls.key ?? null, caller.tls.cert ?? null);
      const client = new RawWebhookClient(`127.0.0.1:${host.port}`, {
        credentials,
        deadlineMs: 5000,
        // The certificate names 127.0.0.1 too, but TLS SNI carries host names only.
        channelOptions: { 'grpc.ssl_target_name_override': 'localhost' },
        ...(caller.authorization === undefined ? {} : { authorization: caller.authorization }),
      });
      clients.push(client);
      const reply = await client.sendVariables(variables);
      if (reply.ok) {
        const fired = reply.trailer.get('rulehook-fired')[0];
        return { ok: true, fired: fired === undefined ? undefined : String(fired) };
      }
      if (reply.code === grpc.status.UNAUTHENTICATED)
        return { ok: false, unauthenticated: true, message: reply.details };
      if (reply.code === grpc.status.UNAVAILABLE) return { ok: false, noExchange: true };
      throw new Error(`unexpected gRPC status ${reply.code}: ${reply.details}`);
    },
    close: async () => {
      for (const client of clients) client.close();
      await host.close();
    },
  };
}
