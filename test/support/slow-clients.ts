import http2 from 'node:http2';
import net from 'node:net';
import { parseResponses, type RawResponse } from './raw-http';

/** How a slow client's connection ended, and when (ms after it connected). */
export interface SlowOutcome {
  response: RawResponse | undefined;
  closedAfterMs: number;
}

/**
 * Opens `count` connections at once, each sending `head` and then `chunk` every `gapMs` until the
 * server answers or closes: the slow uploads of a misbehaving (or hostile) client. Resolves with each
 * connection's outcome once all have ended, or once `giveUpMs` passed (the unended ones: undefined).
 */
export function runSlowHttpClients(
  port: number,
  options: { count: number; head: string; chunk: Buffer; gapMs: number; giveUpMs: number },
): Promise<(SlowOutcome | undefined)[]> {
  return Promise.all(
    Array.from(
      { length: options.count },
      () =>
        new Promise<SlowOutcome | undefined>((resolve) => {
          const socket = net.connect(port, '127.0.0.1');
          const received: Buffer[] = [];
          const started = Date.now();
          let timer: NodeJS.Timeout | undefined;
          const end = (outcome: SlowOutcome | undefined): void => {
            clearInterval(timer);
            clearTimeout(giveUp);
            socket.destroy();
            resolve(outcome);
          };
          const giveUp = setTimeout(() => end(undefined), options.giveUpMs);
          socket.on('connect', () => {
            socket.write(options.head);
            timer = setInterval(() => socket.writable && socket.write(options.chunk), options.gapMs);
          });
          socket.on('data', (d: Buffer) => received.push(d));
          socket.on('error', () => {});
          socket.on('close', () =>
            end({
              response: parseResponses(Buffer.concat(received)).responses[0],
              closedAfterMs: Date.now() - started,
            }),
          );
        }),
    ),
  );
}

/** A gRPC call's status as read off the HTTP/2 stream, and when it came (ms after the call started). */
export interface SlowCallOutcome {
  code: number | undefined;
  message: string;
  afterMs: number;
}

/**
 * Starts `count` OnEvent calls on one HTTP/2 connection, each announcing a message of `declaredBytes`
 * and sending `chunk` every `gapMs`: slow gRPC uploads, written on node:http2 because a gRPC client
 * library only sends whole messages.
 */
export function runSlowGrpcCalls(
  port: number,
  options: { count: number; declaredBytes: number; chunk: Buffer; gapMs: number; giveUpMs: number },
): Promise<(SlowCallOutcome | undefined)[]> {
  const session = http2.connect(`http://127.0.0.1:${port}`);
  session.on('error', () => {});
  const calls = Array.from(
    { length: options.count },
    () =>
      new Promise<SlowCallOutcome | undefined>((resolve) => {
        const started = Date.now();
        const stream = session.request({
          ':method': 'POST',
          ':path': '/vendor.biosec.v1.CustomBusinessLogic/OnEvent',
          'content-type': 'application/grpc',
          te: 'trailers',
        });
        const prefix = Buffer.alloc(5);
        prefix.writeUInt32BE(options.declaredBytes, 1);
        stream.write(prefix);
        const timer = setInterval(() => stream.writable && stream.write(options.chunk), options.gapMs);
        const end = (outcome: SlowCallOutcome | undefined): void => {
          clearInterval(timer);
          clearTimeout(giveUp);
          if (!stream.destroyed) stream.close();
          resolve(outcome);
        };
        const giveUp = setTimeout(() => end(undefined), options.giveUpMs);
        const settle = (headers: http2.IncomingHttpHeaders): void => {
          if (headers['grpc-status'] === undefined) return;
          end({
            code: Number(headers['grpc-status']),
            message: decodeURIComponent(String(headers['grpc-message'] ?? '')),
            afterMs: Date.now() - started,
          });
        };
        stream.on('response', settle);
        stream.on('trailers', settle);
        stream.on('error', () => {});
        stream.resume();
      }),
  );
  return Promise.all(calls).finally(() => session.destroy());
}
