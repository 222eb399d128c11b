import * as grpc from '@grpc/grpc-js';
import { Reader, Writer } from 'protobufjs/minimal';

const REFLECTION_PATH = '/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo';

/**
 * Asks a gRPC server which services it serves, through server reflection
 * (`ServerReflectionRequest.list_services`, field 7). Rejects when the server
 * has no reflection or does not answer within `timeoutMs`.
 */
export function listReflectedServices(
  client: grpc.Client,
  timeoutMs: number,
  metadata: grpc.Metadata = new grpc.Metadata(),
): Promise<string[]> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const call = client.makeBidiStreamRequest(
      REFLECTION_PATH,
      (request: string) =>
        Buffer.from(
          Writer.create()
            .uint32((7 << 3) | 2)
            .string(request)
            .finish(),
        ),
      (bytes: Buffer) => decodeServiceNames(bytes),
      metadata,
      { deadline: Date.now() + timeoutMs },
    );
    call.on('data', (names: string[] | undefined) => {
      settled = true;
      if (names === undefined) reject(new Error('the server answered reflection with an error'));
      else resolve(names);
      call.cancel();
    });
    call.on('error', (error: Error) => {
      if (!settled) reject(error);
      settled = true;
    });
    call.on('end', () => {
      if (!settled) reject(new Error('the server closed the reflection stream without an answer'));
      settled = true;
    });
    call.write('*');
    call.end();
  });
}

/** `ServerReflectionResponse`: field 6 `list_services_response` { repeated `service` = 1 { `name` = 1 } }. */
function decodeServiceNames(bytes: Buffer): string[] | undefined {
  const r = Reader.create(bytes);
  let names: string[] | undefined;
  while (r.pos < r.len) {
    const tag = r.uint32();
    if (tag !== ((6 << 3) | 2)) {
      r.skipType(tag & 7);
      continue;
    }
    names = [];
    const end = r.uint32() + r.pos;
    while (r.pos < end) {
      const t = r.uint32();
      if (t !== ((1 << 3) | 2)) {
        r.skipType(t & 7);
        continue;
      }
      const serviceEnd = r.uint32() + r.pos;
      while (r.pos < serviceEnd) {
        const f = r.uint32();
        if (f === ((1 << 3) | 2)) names.push(r.string());
        else r.skipType(f & 7);
      }
    }
  }
  return names;
}
