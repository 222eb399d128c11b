import { loadWebhookTypes } from './load-webhook-types';
import type { SessionVariables } from './types';

/**
 * Encodes an `Event` in the protobuf binary format with the type built from
 * the .proto, for a gRPC client (replay's `--target`). The server's decoder is
 * event-binary.ts.
 */
export function encodeEventBinary(variables: SessionVariables): Buffer {
  const bytes = loadWebhookTypes().Event.encode({ session_variables: variables }).finish();
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
