import * as grpc from '@grpc/grpc-js';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { ON_EVENT_PATH } from '../../src/contract/proto-files';
import { encodeResponseBinary } from '../../src/contract/response-binary';
import { createEmptyResponse } from '../../src/contract/types';
import { runCliProcess } from '../support/run-cli-process';

/**
 * `rulehook sandbox run` (the built binary) judging its webhook: a webhook that cannot be reached, answers
 * result_code 500, answers something that is not a CustomLogicResponse, or never answers, over HTTP and
 * gRPC, fails the run with the failure named in the timeline and on stderr; --allow-webhook-failures lets
 * it pass.
 */
const REPO = path.resolve(__dirname, '../..');
const SCENARIO = 'examples/sandbox/noise-reduction.yaml';
/** The time limit given when the webhook never answers: short, so the silent cases are quick. */
const TIMEOUT_MS = 100;
/**
 * The time limit given when it does answer (refuses, 500, a bad answer): long, so a loaded machine's slow
 * answer is never taken for a timeout.
 */
const ANSWERING_TIMEOUT_MS = 10_000;

const servers: { close: () => void }[] = [];
const sockets = new Set<net.Socket>();
const urls: Record<string, string> = {};

const listen = (server: net.Server | http.Server): Promise<number> =>
  new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
  );

/** A gRPC webhook whose every answer is `bytes`. */
async function startGrpcWebhook(bytes: Uint8Array): Promise<number> {
  const server = new grpc.Server();
  const method = {
    path: ON_EVENT_PATH,
    requestStream: false,
    responseStream: false,
    requestDeserialize: (buffer: Buffer) => buffer,
    requestSerialize: (value: Buffer) => value,
    responseSerialize: (value: Buffer) => value,
    responseDeserialize: (buffer: Buffer) => buffer,
  };
  server.addService({ OnEvent: method }, {
    OnEvent: (_call: unknown, callback: grpc.sendUnaryData<Buffer>) => callback(null, Buffer.from(bytes)),
  } as grpc.UntypedServiceImplementation);
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
  servers.push({ close: () => server.forceShutdown() });
  return port;
}

const ANSWER_500 = JSON.stringify({ result_code: 500 });

beforeAll(async () => {
  const webhook = http.createServer((req, res) => {
    if (req.url === '/silent') return; // accepted, never answered
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(req.url === '/bad' ? 'not json' : ANSWER_500);
  });
  const silent = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const closed = net.createServer();
  const [httpPort, silentPort, closedPort] = [
    await listen(webhook),
    await listen(silent),
    await listen(closed),
  ];
  await new Promise((resolve) => closed.close(resolve));
  webhook.on('connection', (socket) => sockets.add(socket));
  servers.push(webhook, silent);
  const grpc500 = await startGrpcWebhook(
    encodeResponseBinary({ ...createEmptyResponse(), result_code: 500 }),
  );
  const grpcBad = await startGrpcWebhook(Uint8Array.from([0xff, 0xff, 0xff, 0xff]));
  Object.assign(urls, {
    'http closed': `http://127.0.0.1:${closedPort}`,
    'grpc closed': `grpc://127.0.0.1:${closedPort}`,
    'http 500': `http://127.0.0.1:${httpPort}/500`,
    'grpc 500': `grpc://127.0.0.1:${grpc500}`,
    'http bad': `http://127.0.0.1:${httpPort}/bad`,
    'grpc bad': `grpc://127.0.0.1:${grpcBad}`,
    'http silent': `http://127.0.0.1:${httpPort}/silent`,
    'grpc silent': `grpc://127.0.0.1:${silentPort}`,
  });
});

afterAll(() => {
  for (const socket of sockets) socket.destroy();
  for (const server of servers) server.close();
});

interface Answer {
  kind: string;
  seq: number;
  result_code: number | null;
  failure: { kind: string; message: string } | null;
}

interface PlayedJson {
  passed: boolean;
  webhook_failures: { seq: number; event: string; kind: string; message: string }[];
  sessions: { webhook_failures: number; timeline: Answer[] }[];
}

async function play(webhook: string, extra: string[] = [], timeout = ANSWERING_TIMEOUT_MS) {
  const args = ['sandbox', 'run', SCENARIO, '--webhook', webhook, '--webhook-timeout', `${timeout}`];
  const run = await runCliProcess([...args, '--format', 'json', ...extra], 30_000, { cwd: REPO });
  const played = JSON.parse(run.stdout) as PlayedJson;
  const answers = played.sessions[0]!.timeline.filter((e) => e.kind === 'answer');
  return { run, played, answers };
}

describe('rulehook sandbox run judging its webhook', () => {
  it.each([
    ['http', 'closed', 'connect', null, /ECONNREFUSED/],
    ['grpc', 'closed', 'connect', null, /^gRPC UNAVAILABLE: No connection established/],
    ['http', '500', 'result_code', 500, /^result_code 500$/],
    ['grpc', '500', 'result_code', 500, /^result_code 500$/],
    ['http', 'bad', 'bad_answer', null, /^the response is not JSON/],
    ['grpc', 'bad', 'bad_answer', null, /^gRPC INTERNAL: Response message parsing error/],
    ['http', 'silent', 'timeout', null, new RegExp(`^no answer within ${TIMEOUT_MS} ms$`)],
    ['grpc', 'silent', 'timeout', null, /^gRPC DEADLINE_EXCEEDED/],
  ])('over %s, a webhook %s: %s in every answer entry, exit 1', async (scheme, what, kind, code, message) => {
    const timeout = what === 'silent' ? TIMEOUT_MS : ANSWERING_TIMEOUT_MS;
    const { run, played, answers } = await play(urls[`${scheme} ${what}`]!, [], timeout);
    expect(run.code).toBe(1);
    expect(answers.length).toBeGreaterThan(0);
    for (const answer of answers)
      expect(answer).toMatchObject({
        result_code: code,
        failure: { kind, message: expect.stringMatching(message) },
      });
    expect(played.passed).toBe(false);
    expect(played.sessions[0]!.webhook_failures).toBe(answers.length);
    expect(played.webhook_failures).toHaveLength(answers.length);
    expect(played.webhook_failures[0]).toMatchObject({ seq: 1, event: 'CALL_STARTED', kind });
    expect(run.stderr).toContain(`${answers.length} webhook calls failed`);
    expect(run.stderr).toMatch(new RegExp(`#1 CALL_STARTED: ${kind}: `));
  });

  it.each(['http', 'grpc'])(
    'over %s, passes with --allow-webhook-failures, still listing them',
    async (scheme) => {
      const { run, played } = await play(urls[`${scheme} closed`]!, ['--allow-webhook-failures']);
      expect(run.code).toBe(0);
      expect(played.passed).toBe(true);
      expect(played.webhook_failures.length).toBeGreaterThan(0);
      expect(run.stderr).toContain('(allowed by --allow-webhook-failures)');
    },
  );

  it('prints the summary after the text timeline, which says no answer came', async () => {
    const args = ['sandbox', 'run', SCENARIO, '--webhook', urls['http closed']!];
    const run = await runCliProcess(args, 30_000, { cwd: REPO });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/answer to #1: no answer; NOT APPLIED: the webhook call failed \(connect\)/);
    expect(run.stdout).not.toContain('result_code 200');
    expect(run.stderr).toMatch(
      /^rulehook sandbox run: 11 webhook calls failed .*\n {2}cs-\S+ #1 CALL_STARTED: connect: /,
    );
    expect(run.stderr).toContain('  and 6 more');
  });
});
