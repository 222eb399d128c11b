import { Writer } from 'protobufjs/minimal';
import type { SessionVariables } from '../contract';

/**
 * Encodes an `Event` in the protobuf binary format (session_variables = 1, a
 * map: entries with key 1 and value 2), for the gRPC target. The server side
 * is src/contract/event-binary.ts.
 */
export function encodeEventBinary(variables: SessionVariables): Buffer {
  const w = Writer.create();
  for (const key of Object.keys(variables)) {
    w.uint32((1 << 3) | 2).fork();
    w.uint32((1 << 3) | 2).string(key);
    w.uint32((2 << 3) | 2).string(variables[key] as string);
    w.ldelim();
  }
  const bytes = w.finish();
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
