import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { createRecordingSource, inflateIfGzip } from './open-recording';

const text = async (it: AsyncIterable<Buffer>) => {
  let out = '';
  for await (const b of it) out += b.toString();
  return out;
};
async function* chunked(buffer: Buffer, size: number): AsyncGenerator<Buffer> {
  for (let i = 0; i < buffer.length; i += size) yield buffer.subarray(i, i + size);
}

describe('inflateIfGzip', () => {
  it('passes plain text through and inflates gzip, recognized by its magic bytes', async () => {
    const plain = Buffer.from('{"session_variables":{}}\n'.repeat(100));
    expect(await text(inflateIfGzip(chunked(plain, 7)))).toBe(plain.toString());
    expect(await text(inflateIfGzip(chunked(gzipSync(plain), 1)))).toBe(plain.toString());
  });

  it('yields nothing for an empty input', async () => {
    expect(await text(inflateIfGzip(chunked(Buffer.alloc(0), 1)))).toBe('');
  });
});

describe('createRecordingSource', () => {
  it('reads stdin for -, once, and counts the bytes read', async () => {
    const source = createRecordingSource('-', '/', Readable.from([Buffer.from('a\nb\n')]));
    expect(source.reopenable).toBe(false);
    const opened = await source.open();
    expect(await text(opened.chunks)).toBe('a\nb\n');
    expect(opened.bytesRead()).toBe(4);
    expect(opened.size).toBeUndefined();
  });

  it('knows the size of a file, for the progress bar', async () => {
    const source = createRecordingSource('package.json', process.cwd(), Readable.from([]));
    const opened = await source.open();
    await text(opened.chunks);
    expect(opened.size).toBe(opened.bytesRead());
    expect(source.reopenable).toBe(true);
  });
});
