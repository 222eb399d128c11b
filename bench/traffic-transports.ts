import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ON_EVENT_PATH } from '../src/contract';
import { decodeResponseBinary } from '../src/contract/decode-response-binary';
import { encodeEventBinary } from '../src/contract/encode-event-binary';
import { callOnEvent, grpcClient } from './grpc-load';
import { runH2load } from './h2load';
import { check } from './suite';
import { EVENTS_PER_SESSION, writeBodiesFile } from './traffic-bodies';
import { postTrafficEvent } from './traffic-check';
import { trafficBody, trafficVariables } from './traffic-pack';
import { startBare, startRulehook, type ServerProcess, type Transport } from './traffic-servers';
import { runWrk, type LoadResult } from './traffic-wrk';

/** Requests in flight at once, on either transport: what the session engine of a busy site keeps open. */
export const IN_FLIGHT = 50;
/** gRPC clients multiplex: 10 HTTP/2 connections of 5 streams each. */
const GRPC_CONNECTIONS = 10;
/**
 * wrk's threads: one. The machine has 2 cores and the servers need them; one
 * wrk thread keeps 50 connections busy at far more requests/s than any server
 * here answers, and spends less CPU per request than two (about 10 µs against
 * 18 µs, loading the bare server).
 */
export const WRK_THREADS = 1;

/** What a round sends: a file of bodies, and over gRPC the session and event of its one body. */
export interface RoundLoad {
  file: string;
  session: number;
  event: number;
}

/** One way of reaching the servers of the traffic suite: its servers, its bodies, its load. */
export interface TrafficTransport {
  name: Transport;
  /** The summary rows' `path`. */
  path: string;
  baseline: string;
  /** How it is loaded, for the round table. */
  load: string;
  startBare(): Promise<ServerProcess>;
  /** `nodeArgs`: flags for node itself (V8's), before the CLI's script. */
  startRulehook(rulesDir: string, nodeArgs?: readonly string[]): Promise<ServerProcess>;
  /**
   * What round `round` sends, written into `dir`: over HTTP, the same cycle of
   * EVENTS_PER_SESSION events of each of `sessions` sessions every round (written
   * once); over gRPC, where h2load sends one body, one event of another session
   * each round, as a length-prefixed protobuf message.
   */
  writeRoundLoad(dir: string, round: number, sessions: number): RoundLoad;
  /** Sends one event with a real client; fails the run unless it is answered with `result_code` 200. */
  checkAnswer(name: string, server: ServerProcess, session: number, event: number): Promise<void>;
  /**
   * One timed run of the round's load. On gRPC, where every answer is HTTP 200
   * and a failure shows only in the trailers, the answers' bytes prove the calls succeeded.
   */
  run(server: ServerProcess, load: RoundLoad, seconds: number): Promise<LoadResult>;
}

export const HTTP_TRANSPORT: TrafficTransport = {
  name: 'http',
  path: 'http-e2e',
  baseline: 'bare node:http process',
  load: `${IN_FLIGHT} keep-alive connections (wrk, ${WRK_THREADS} thread), ${EVENTS_PER_SESSION} events per session cycling`,
  startBare: () => startBare('http'),
  startRulehook: (rulesDir, nodeArgs) => startRulehook(rulesDir, [], 'http', nodeArgs),
  writeRoundLoad(dir, _round, sessions) {
    const file = path.join(dir, 'http-cycle.bodies');
    if (!existsSync(file)) writeBodiesFile(file, sessions);
    return { file, session: 0, event: 0 };
  },
  async checkAnswer(name, server, session, event) {
    const reply = await postTrafficEvent(server.port, trafficBody(session, event));
    check(reply.status === 200 && reply.answer.result_code === 200, `${name} answers result_code 200`);
  },
  run: (server, load, seconds) =>
    runWrk(`http://127.0.0.1:${server.port}/v1/events`, load.file, seconds, {
      connections: IN_FLIGHT,
      threads: WRK_THREADS,
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
  writeRoundLoad(dir, round, sessions) {
    const session = (round * 131) % sessions;
    const event = session + 1 + round;
    const file = path.join(dir, `grpc-round-${round}.body`);
    writeFileSync(file, frameGrpcMessage(encodeEventBinary(trafficVariables(session, event))));
    return { file, session, event };
  },
  async checkAnswer(name, server, session, event) {
    const reply = decodeResponseBinary(await callTrafficEvent(server, session, event));
    check(reply.result_code === 200, `${name} answers result_code 200 over gRPC`);
  },
  async run(server, { file, session, event }, seconds) {
    const result = await runH2load(`http://127.0.0.1:${server.port}${ON_EVENT_PATH}`, file, seconds, {
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
