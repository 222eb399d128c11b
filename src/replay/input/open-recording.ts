import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline, Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';

/** Bytes read at once from a file, and decompressed at once from gzip. */
const CHUNK_BYTES = 256 * 1024;

/** A recording to read: a file, or stdin when its name is `-`. */
export interface RecordingSource {
  /** As given on the command line: what reports and `--format jsonl` call the file. */
  name: string;
  /** Opens the source (again, for `--loop`). */
  open(): Promise<OpenedRecording>;
  /** Whether it can be opened more than once (stdin cannot). */
  reopenable: boolean;
}

export interface OpenedRecording {
  /** The decompressed bytes. */
  chunks: AsyncIterable<Buffer>;
  /** Size of the file on disk (compressed, for gzip), for progress; undefined for stdin. */
  size: number | undefined;
  /** Bytes read from the file or stdin so far (before decompression). */
  bytesRead(): number;
}

/** `-` reads `stdin`; any other name is a file path, relative to `cwd`. */
export function createRecordingSource(name: string, cwd: string, stdin: Readable): RecordingSource {
  if (name === '-') {
    return { name, reopenable: false, open: async () => countAndInflate(stdin, undefined) };
  }
  const file = path.resolve(cwd, name);
  return {
    name,
    reopenable: true,
    open: async () => {
      const info = await stat(file);
      if (!info.isFile()) throw new Error(`${name} is not a file`);
      return countAndInflate(createReadStream(file, { highWaterMark: CHUNK_BYTES }), info.size);
    },
  };
}

function countAndInflate(stream: Readable, size: number | undefined): OpenedRecording {
  let read = 0;
  async function* counted(): AsyncGenerator<Buffer> {
    for await (const chunk of stream) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
      read += bytes.length;
      yield bytes;
    }
  }
  return { chunks: inflateIfGzip(counted()), size, bytesRead: () => read };
}

/** gzip is recognized by its magic bytes (1f 8b), whatever the name: `.jsonl.gz`, stdin, or other. */
export async function* inflateIfGzip(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const iterator = chunks[Symbol.asyncIterator]();
  let first = await iterator.next();
  // A first chunk of one byte cannot be told apart yet: wait for a second.
  while (!first.done && first.value.length < 2) {
    const next = await iterator.next();
    if (next.done) break;
    first = { done: false, value: Buffer.concat([first.value, next.value]) };
  }
  if (first.done) return;
  async function* all(): AsyncGenerator<Buffer> {
    yield first.value as Buffer;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  if (first.value[0] !== 0x1f || first.value[1] !== 0x8b) {
    yield* all();
    return;
  }
  // Chunks as large as a file's (zlib's default is 16 KiB): a replay works a chunk's lines at once.
  const gunzip = createGunzip({ chunkSize: CHUNK_BYTES });
  pipeline(Readable.from(all()), gunzip, () => {});
  for await (const chunk of gunzip) yield chunk as Buffer;
}
