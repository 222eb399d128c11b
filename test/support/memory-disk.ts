import path from 'node:path';
import type { RecordingFile, RecordingFileSystem } from '../../src/recording';

const fail = (code: string, message: string) => Object.assign(new Error(`${code}: ${message}`), { code });

/**
 * An in-memory disk for the recorder's file-system interface, with the failures
 * of a real one: a capacity (a write takes what fits, then the next one fails
 * with ENOSPC, as on Linux), writes cut short on purpose, and truncation that
 * fails on demand.
 */
export class MemoryDisk implements RecordingFileSystem {
  readonly files = new Map<string, Buffer>();
  /** Bytes all files may hold together. */
  capacity = Number.POSITIVE_INFINITY;
  /** When set, each write takes at most this many bytes (a short write, without an error). */
  maxBytesPerWrite: number | undefined;
  truncateFails = false;
  /** Every `append` call: the path and how many bytes it was asked to write. */
  readonly writes: { file: string; asked: number; written: number }[] = [];

  text(file: string): string {
    return this.files.get(file)?.toString('utf8') ?? '';
  }

  private used(): number {
    let bytes = 0;
    for (const content of this.files.values()) bytes += content.length;
    return bytes;
  }

  async openForAppend(file: string): Promise<RecordingFile> {
    if (!this.files.has(file)) this.files.set(file, Buffer.alloc(0));
    // An open file follows a rename, as an open descriptor does.
    let name = file;
    const read = () => this.files.get(name) ?? Buffer.alloc(0);
    const write = (content: Buffer) => void this.files.set(name, content);
    const renamed = (from: string, to: string) => {
      if (name === from) name = to;
    };
    this.renames.add(renamed);
    return {
      size: async () => read().length,
      append: async (buffer, offset, length) => {
        const room = this.capacity - this.used();
        if (room <= 0) throw fail('ENOSPC', 'no space left on device');
        const bytes = Math.min(length, room, this.maxBytesPerWrite ?? length);
        this.writes.push({ file, asked: length, written: bytes });
        write(Buffer.concat([read(), buffer.subarray(offset, offset + bytes)]));
        return bytes;
      },
      truncate: async (length) => {
        if (this.truncateFails) throw fail('EIO', 'i/o error');
        write(read().subarray(0, length));
      },
      close: async () => void this.renames.delete(renamed),
    };
  }

  private readonly renames = new Set<(from: string, to: string) => void>();

  async rename(from: string, to: string): Promise<void> {
    const content = this.files.get(from);
    if (content === undefined) throw fail('ENOENT', from);
    this.files.delete(from);
    this.files.set(to, content);
    for (const follow of this.renames) follow(from, to);
  }

  async readdir(directory: string): Promise<string[]> {
    return [...this.files.keys()].filter((f) => path.dirname(f) === directory).map((f) => path.basename(f));
  }
}
