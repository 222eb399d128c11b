import * as grpc from '@grpc/grpc-js';
import { startGrpcHost, startHttpHost, WebhookCore, type RunningHost } from '../../src/hosts';
import { createJsonLogger } from '../../src/observability/logger';
import { createRedactor } from '../../src/recording';
import { createEmptyResponse } from '../../src/contract';
import { RawWebhookClient } from '../support/grpc-client';

/**
 * Both hosts over real loopback connections: every event's log line carries its request id (the
 * engine's x-request-id, else a generated one) and the revision of the rules that answered it.
 */
const variables = {
  'state.sessionId': 's-1',
  'state.currentEvent': 'PERSON_IDENTIFIED',
  'call.ani': '+1555',
};

let core: WebhookCore;
let lines: string[];
let http: RunningHost;
let grpcHost: RunningHost;
let client: RawWebhookClient;

beforeAll(async () => {
  lines = [];
  const logger = createJsonLogger({ write: (t: string) => lines.push(t) }, 'debug');
  const processor = { process: () => ({ response: createEmptyResponse(), fired: ['r/x'] }) };
  core = new WebhookCore({ logger, maskVariables: createRedactor(['*.ani'], 'k') });
  core.setProcessor(processor, 'rev-a');
  const options = { host: '127.0.0.1', port: 0, logger, maxBodyBytes: 65_536, maxMessageBytes: 65_536 };
  http = await startHttpHost(core, options);
  grpcHost = await startGrpcHost(core, options);
  client = new RawWebhookClient(`127.0.0.1:${grpcHost.port}`);
});
afterAll(async () => {
  client.close();
  await Promise.all([http.close(), grpcHost.close()]);
});

const eventLines = () =>
  lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'event answered');

async function postHttp(headers: Record<string, string> = {}): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${http.port}/v1/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ session_variables: variables }),
  });
  expect(res.status).toBe(200);
  await res.arrayBuffer();
}

async function callGrpc(requestId?: string): Promise<void> {
  const metadata = new grpc.Metadata();
  if (requestId !== undefined) metadata.set('x-request-id', requestId);
  expect((await client.sendVariables(variables, metadata)).ok).toBe(true);
}

describe('request ids and revisions in the log lines of both hosts', () => {
  beforeEach(() => {
    lines.length = 0;
  });

  it('HTTP: takes x-request-id from the header, else generates one', async () => {
    await postHttp({ 'x-request-id': 'engine-req-41' });
    await postHttp();
    const [given, generated] = eventLines();
    expect(given).toMatchObject({ request_id: 'engine-req-41', revision: 'rev-a', fired: ['r/x'] });
    expect(generated!.request_id).toMatch(/^[\w-]{8}-\d+$/);
    expect(generated).toMatchObject({ revision: 'rev-a' });
  });

  it('gRPC: takes x-request-id from the metadata, else generates one', async () => {
    await callGrpc('engine-req-42');
    await callGrpc();
    const [given, generated] = eventLines();
    expect(given).toMatchObject({
      request_id: 'engine-req-42',
      revision: 'rev-a',
      event: 'PERSON_IDENTIFIED',
    });
    expect(generated!.request_id).toMatch(/^[\w-]{8}-\d+$/);
  });

  it('generated ids are unique across hosts; an id that is not one rulehook keeps is replaced', async () => {
    await postHttp({ 'x-request-id': 'bad id with spaces' });
    await callGrpc('x'.repeat(200));
    await postHttp();
    const ids = eventLines().map((l) => l.request_id as string);
    expect(ids.every((id) => /^[\w-]{8}-\d+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(3);
  });

  it('reads the revision when it logs: a new rule set shows at once', async () => {
    core.setProcessor({ process: () => ({ response: createEmptyResponse(), fired: [] }) }, 'rev-b');
    await postHttp({ 'x-request-id': 'after-reload' });
    await callGrpc('after-reload-grpc');
    expect(eventLines().map((l) => [l.request_id, l.revision])).toEqual([
      ['after-reload', 'rev-b'],
      ['after-reload-grpc', 'rev-b'],
    ]);
  });

  it('masks personal variables in the line', async () => {
    await postHttp();
    const [line] = eventLines();
    expect((line!.variables as Record<string, string>)['call.ani']).toMatch(/^redacted:/);
    expect(lines.join('')).not.toContain('+1555');
  });
});
