import http2 from 'node:http2';
import net from 'node:net';
import { parseResponses, type RawResponse } from './raw-http';

/*
 * Clients that hold as many of the server's places as they can, from one local address of their own
 * (Linux routes all of 127.0.0.0/8 to the loopback interface, so 127.0.0.2 is another client to the server):
 * header-only gRPC calls, HTTP requests whose body never comes, connections that send nothing.
 */

const ON_EVENT = '/vendor.biosec.v1.CustomBusinessLogic/OnEvent';

/** What the server answered a held call or request so far: gRPC status codes or HTTP statuses, and messages. */
export interface GreedyAnswers {
  codes: number[];
  messages: string[];
}

export interface GreedyClient {
  answers: GreedyAnswers;
  /** gRPC: the calls at once each connection's server allows (its HTTP/2 SETTINGS_MAX_CONCURRENT_STREAMS). */
  maxConcurrentStreams(): (number | undefined)[];
  /** Resolves once `count` calls or requests were answered, or once `ms` passed. */
  answered(count: number, ms: number): Promise<void>;
  close(): void;
}

function waitForAnswers(answers: GreedyAnswers, count: number, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  return new Promise((resolve) => {
    const poll = setInterval(() => {
      if (answers.codes.length < count && Date.now() < deadline) return;
      clearInterval(poll);
      resolve();
    }, 10);
  });
}

/** Opens `calls` OnEvent calls on each of `connections` HTTP/2 connections, sending headers and nothing else. */
export function openHeaderOnlyCalls(
  port: number,
  options: { localAddress: string; connections: number; calls: number },
): GreedyClient {
  const answers: GreedyAnswers = { codes: [], messages: [] };
  const sessions = Array.from({ length: options.connections }, () => {
    const session = http2.connect(`http://127.0.0.1:${port}`, {
      createConnection: () => net.connect({ port, host: '127.0.0.1', localAddress: options.localAddress }),
    });
    session.on('error', () => {});
    for (let i = 0; i < options.calls; i++) {
      const stream = session.request({
        ':method': 'POST',
        ':path': ON_EVENT,
        'content-type': 'application/grpc',
        te: 'trailers',
      });
      const settle = (headers: http2.IncomingHttpHeaders): void => {
        if (headers['grpc-status'] === undefined) return;
        answers.codes.push(Number(headers['grpc-status']));
        answers.messages.push(decodeURIComponent(String(headers['grpc-message'] ?? '')));
      };
      stream.on('response', settle);
      stream.on('trailers', settle);
      stream.on('error', () => {});
      stream.resume();
    }
    return session;
  });
  return {
    answers,
    maxConcurrentStreams: () => sessions.map((session) => session.remoteSettings.maxConcurrentStreams),
    answered: (count, ms) => waitForAnswers(answers, count, ms),
    close: () => sessions.forEach((session) => session.destroy()),
  };
}

/** Opens `count` connections, each sending the headers of an event request whose `bodyBytes` never come. */
export function openHeaderOnlyRequests(
  port: number,
  options: { localAddress: string; count: number; bodyBytes: number },
): GreedyClient {
  const answers: GreedyAnswers = { codes: [], messages: [] };
  const head =
    'POST /v1/events HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
    `Content-Length: ${options.bodyBytes}\r\n\r\n`;
  const sockets = Array.from({ length: options.count }, () => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: options.localAddress });
    const received: Buffer[] = [];
    let answer: RawResponse | undefined;
    socket.on('connect', () => socket.write(head));
    socket.on('error', () => {});
    socket.on('data', (chunk: Buffer) => {
      received.push(chunk);
      if (answer !== undefined) return;
      answer = parseResponses(Buffer.concat(received)).responses[0];
      if (answer === undefined) return;
      answers.codes.push(answer.status);
      answers.messages.push((JSON.parse(answer.body) as { error: { message: string } }).error.message);
    });
    return socket;
  });
  return {
    answers,
    maxConcurrentStreams: () => [],
    answered: (count, ms) => waitForAnswers(answers, count, ms),
    close: () => sockets.forEach((socket) => socket.destroy()),
  };
}

/** Opens `count` connections that send nothing; `closed()` tells how many the server has closed so far. */
export function openSilentConnections(
  port: number,
  options: { localAddress: string; count: number },
): { closed(): number; close(): void } {
  let closed = 0;
  const sockets = Array.from({ length: options.count }, () => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: options.localAddress });
    socket.on('error', () => {});
    socket.on('close', () => closed++);
    // Read (and drop) what the server says, so that its closing is seen.
    socket.resume();
    return socket;
  });
  return { closed: () => closed, close: () => sockets.forEach((socket) => socket.destroy()) };
}
