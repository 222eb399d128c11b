import { open, readdir, rename } from 'node:fs/promises';

/** A recording opened for appending: every write lands at the end of the file, whoever moved the end. */
export interface RecordingFile {
  /** Current size in bytes (fstat). */
  size(): Promise<number>;
  /**
   * Appends `length` bytes of `buffer` from `offset`; resolves with how many were
   * written, which may be fewer (a full disk writes what fits, then fails).
   */
  append(buffer: Buffer, offset: number, length: number): Promise<number>;
  /** Cuts the file to `length` bytes (ftruncate). */
  truncate(length: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * The few file-system operations the recorder uses: tests give it one whose disk
 * fills up or whose writes fall short, without mocking node:fs.
 */
export interface RecordingFileSystem {
  /** Opens (creating it) for appending. */
  openForAppend(file: string): Promise<RecordingFile>;
  rename(from: string, to: string): Promise<void>;
  /** Names of the entries of a directory. */
  readdir(directory: string): Promise<string[]>;
}

export const NODE_RECORDING_FILE_SYSTEM: RecordingFileSystem = {
  async openForAppend(file) {
    const handle = await open(file, 'a');
    return {
      size: async () => (await handle.stat()).size,
      append: async (buffer, offset, length) => (await handle.write(buffer, offset, length)).bytesWritten,
      truncate: (length) => handle.truncate(length),
      close: () => handle.close(),
    };
  },
  rename: (from, to) => rename(from, to),
  readdir: (directory) => readdir(directory),
};
