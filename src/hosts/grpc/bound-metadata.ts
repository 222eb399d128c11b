import * as grpc from '@grpc/grpc-js';
import { formatCount } from '../../contract/event-limits';
import type { Counter, Metrics } from '../../observability/metrics';
import type { CallCheck } from './call-check';

/** What HTTP/2 adds to each header field when it sizes a header list (RFC 9113, SETTINGS_MAX_HEADER_LIST_SIZE). */
const FIELD_OVERHEAD = 32;

/**
 * The size of a call's metadata as HTTP/2 sizes a header list: each entry's name and value (a binary value
 * as the base64 it was sent as), plus 32 bytes. The pseudo-headers (`:path` and the like) are not metadata.
 */
export function measureMetadata(metadata: grpc.Metadata): number {
  const entries = metadata.toJSON();
  let bytes = 0;
  for (const key in entries)
    for (const value of entries[key] as grpc.MetadataValue[])
      bytes +=
        key.length +
        FIELD_OVERHEAD +
        (typeof value === 'string' ? value.length : Math.ceil(value.length / 3) * 4);
  return bytes;
}

export function countOversizedMetadata(metrics: Metrics): Counter {
  return metrics.counter(
    'rulehook_grpc_metadata_too_large_total',
    'gRPC calls refused RESOURCE_EXHAUSTED because their metadata was larger than --max-header-bytes (any method).',
  );
}

/**
 * Refuses a call whose metadata is larger than `maxBytes` (`--max-header-bytes`, the HTTP host's bound on
 * headers): RESOURCE_EXHAUSTED naming the size and the limit, before its token is checked or its message is
 * read. Metadata much larger than that never gets here: the HTTP/2 layer refuses the call (docs/operations.md,
 * "What rulehook survives").
 */
export function createMetadataBound(maxBytes: number, refused: Counter): CallCheck {
  const limit = `over the limit of ${formatCount(maxBytes)} bytes (--max-header-bytes)`;
  return (_path, metadata) => {
    const bytes = measureMetadata(metadata);
    if (bytes <= maxBytes) return undefined;
    refused.inc();
    const details = `the call's metadata is ${formatCount(bytes)} bytes, ${limit}`;
    return { code: grpc.status.RESOURCE_EXHAUSTED, details, metadata: new grpc.Metadata() };
  };
}
