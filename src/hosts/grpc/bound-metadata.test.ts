import * as grpc from '@grpc/grpc-js';
import { Metrics } from '../../observability/metrics';
import { createMetadataBound, measureMetadata } from './bound-metadata';

function metadataOf(entries: [string, string | Buffer][]): grpc.Metadata {
  const metadata = new grpc.Metadata();
  for (const [key, value] of entries) metadata.add(key, value);
  return metadata;
}

describe('measureMetadata', () => {
  it('counts each entry as HTTP/2 does: name, value and 32 bytes, every value of a repeated name', () => {
    expect(measureMetadata(new grpc.Metadata())).toBe(0);
    expect(measureMetadata(metadataOf([['x-a', 'abcd']]))).toBe(3 + 4 + 32);
    expect(
      measureMetadata(
        metadataOf([
          ['x-a', 'ab'],
          ['x-a', 'cd'],
        ]),
      ),
    ).toBe(2 * (3 + 2 + 32));
  });

  it('counts a binary value as the base64 it travels as', () => {
    expect(measureMetadata(metadataOf([['x-b-bin', Buffer.alloc(4)]]))).toBe(7 + 8 + 32);
  });
});

describe('createMetadataBound', () => {
  it('lets metadata up to the limit through, and refuses more naming both sizes, counted', () => {
    const metrics = new Metrics();
    const refused = metrics.counter('refused_total', 'refused');
    const bound = createMetadataBound(39, refused);
    expect(bound('/any', metadataOf([['x-a', 'abcd']]), 'peer')).toBeUndefined();
    expect(bound('/any', metadataOf([['x-a', 'abcde']]), 'peer')).toMatchObject({
      code: grpc.status.RESOURCE_EXHAUSTED,
      details: "the call's metadata is 40 bytes, over the limit of 39 bytes (--max-header-bytes)",
    });
    expect(metrics.snapshot()['refused_total']).toBe(1);
  });
});
