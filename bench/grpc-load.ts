import * as grpc from '@grpc/grpc-js';
import { ON_EVENT_PATH } from '../src/contract';

const IN_FLIGHT = 32;

const passBytes = (bytes: Buffer): Buffer => bytes;

/** A grpc-js client sending pre-encoded Events and keeping the reply's bytes. */
export function grpcClient(port: number): grpc.Client {
  return new grpc.Client(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
}

export function callOnEvent(client: grpc.Client, bytes: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    client.makeUnaryRequest(ON_EVENT_PATH, passBytes, passBytes, bytes, (error, reply) =>
      error || reply === undefined ? reject(error ?? new Error('no reply')) : resolve(reply),
    );
  });
}

/** Makes exactly `calls` OnEvent calls, IN_FLIGHT at a time, over the client's one HTTP/2 connection. */
export async function loadGrpc(client: grpc.Client, bytes: Buffer, calls: number): Promise<void> {
  let started = 0;
  const lane = async (): Promise<void> => {
    while (started < calls) {
      started++;
      await callOnEvent(client, bytes);
    }
  };
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, calls) }, lane));
}
