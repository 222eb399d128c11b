import { writeFileSync } from 'node:fs';
import { ON_EVENT_PATH } from '../src/contract';
import { decodeResponseBinary } from '../src/contract/decode-response-binary';
import { encodeEventBinary } from '../src/contract/encode-event-binary';
import { callOnEvent, grpcClient } from './grpc-load';
import { runH2load, type H2loadResult } from './h2load';
import { check } from './suite';
import { postTrafficEvent } from './traffic-check';
import { trafficBody, trafficVariables } from './traffic-pack';
import { startBare, startRulehook, type ServerProcess, type Transport } from './traffic-servers';

/** Requests in flight at once, on either transport: what the session engine of a busy site keeps open. */
export const IN_FLIGHT = 50;
/** gRPC clients multiplex: 10 HTTP/2 connections of 5 streams each. */
const GRPC_CONNECTIONS = 10;

/** One way of reaching the servers of the traffic suite: its servers, its bodies, its load. */
export interface TrafficTransport {
  name: Transport;
  /** The summary rows' `path`. */
  path: string;
  baseline: string;
  /** How h2load loads it, for the round table. */
  load: string;
  startBare(): Promise<ServerProcess>;
  /** `nodeArgs`: flags for node itself (V8's), before the CLI's script. */
  startRulehook(rulesDir: string, nodeArgs?: readonly string[]): Promise<ServerProcess>;
  /** Writes what h2load sends for one event of `session`: JSON, or a length-prefixed gRPC message. */
  writeBody(file: string, session: number, event: number): void;
  /** Sends one event with a real client; fails the run unless it is answered with `result_code` 200. */
  checkAnswer(name: string, server: ServerProcess, session: number, event: number): Promise<void>;
  /**
   * One timed h2load run posting the body of `session`'s `event`. On gRPC, where
   * every answer is HTTP 200 and a failure shows only in the trailers, the
   * answers' bytes prove the calls succeeded.
   */
  run(
    server: ServerProcess,
    bodyFile: string,
    seconds: number,
    session: number,
    event: number,
  ): Promise<H2loadResult>;
}

export const HTTP_TRANSPORT: TrafficTransport = {
  name: 'http',
  path: 'http-e2e',
  baseline: 'bare node:http process',
  load: `${IN_FLIGHT} keep-alive connections (h2load --h1)`,
  startBare: () => startBare('http'),
  startRulehook: (rulesDir, nodeArgs) => startRulehook(rulesDir, [], 'http', nodeArgs),
  writeBody: (file, session, event) => writeFileSync(file, trafficBody(session, event)),
  async checkAnswer(name, server, session, event) {
    const reply = await postTrafficEvent(server.port, trafficBody(session, event));
    check(reply.status === 200 && reply.answer.result_code === 200, `${name} answers result_code 200`);
  },
  run: (server, bodyFile, seconds) =>
    runH2load(`http://127.0.0.1:${server.port}/v1/events`, bodyFile, seconds, {
      h1: true,
      connections: IN_FLIGHT,
      streams: 1,
      headers: ['content-type: application/json'],
    }),
};

/** The 5-byte gRPC message prefix: not compressed, then the length, big-endian. */
function frameGrpcMessage(message: Buffer): Buffer {
  const prefix = Buffer.alloc(5);
  prefix.writeUInt32BE(message.length, 1);
  return Buffer.concat([prefix, message]);
}

async function callTrafficEvent(server: ServerProcess, session: number, event: number): Promise<Buffer> {
  const client = grpcClient(server.port);
  try {
    return await callOnEvent(client, encodeEventBinary(trafficVariables(session, event)));
  } finally {
    client.close();
  }
}

export const GRPC_TRANSPORT: TrafficTransport = {
  name: 'grpc',
  path: 'grpc-e2e',
  baseline: 'bare grpc-js process',
  load: `${GRPC_CONNECTIONS} HTTP/2 connections × ${IN_FLIGHT / GRPC_CONNECTIONS} streams (h2load)`,
  startBare: () => startBare('grpc'),
  startRulehook: (rulesDir, nodeArgs) => startRulehook(rulesDir, [], 'grpc', nodeArgs),
  writeBody: (file, session, event) =>
    writeFileSync(file, frameGrpcMessage(encodeEventBinary(trafficVariables(session, event)))),
  async checkAnswer(name, server, session, event) {
    const reply = decodeResponseBinary(await callTrafficEvent(server, session, event));
    check(reply.result_code === 200, `${name} answers result_code 200 over gRPC`);
  },
  async run(server, bodyFile, seconds, session, event) {
    const result = await runH2load(`http://127.0.0.1:${server.port}${ON_EVENT_PATH}`, bodyFile, seconds, {
      h1: false,
      connections: GRPC_CONNECTIONS,
      streams: IN_FLIGHT / GRPC_CONNECTIONS,
      headers: ['content-type: application/grpc', 'te: trailers'],
    });
    // Every call of the round after the first is answered alike: a failed one (trailers only) brings no bytes.
    const answerBytes = 5 + (await callTrafficEvent(server, session, event)).length;
    check(
      result.dataBytes >= answerBytes * result.succeeded,
      `gRPC: ${result.dataBytes} bytes answered ${result.succeeded} calls, fewer than ${answerBytes} each: some calls failed`,
    );
    return result;
  },
};
