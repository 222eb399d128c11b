import type { RecordingFile, RecordingFileSystem } from './recording-file-system';
import { findLastPart, rotateRecording } from './rotate-recording';

/** What became of the lines given to one `writeLines`. */
export interface WriteOutcome {
  /** Lines now complete in the recording (or in a part rotated away). */
  written: number;
  /** Lines not written: none of their bytes is left in the recording. */
  lost: number;
  /** Why lines were lost (absent when none were). */
  error?: Error;
}

const NEWLINE = 0x0a;

/**
 * Appends whole lines to a recording, rotating at line boundaries, and never
 * leaves part of a line in it: when a write fails or falls short (a full disk
 * writes what fits, then fails), the file is cut back to the end of its last
 * complete line (ftruncate), so that the next write cannot join a fragment and
 * make a corrupt line. If even cutting fails, the file stays open and is cut
 * before anything else is written to it; closed, it could not be found again
 * for sure (it may have been removed or replaced).
 */
export class RecordingWriter {
  private file: RecordingFile | undefined;
  /** Bytes in the open file; decides rotation. */
  private size = 0;
  private part: number | undefined;
  /** Bytes of an unfinished line at the end of `file`, still to be cut off. */
  private partialBytes = 0;

  constructor(
    private readonly path: string,
    private readonly fs: RecordingFileSystem,
    /** Rotate once the file would grow beyond this many bytes. */
    private readonly maxBytes: number | undefined,
  ) {}

  /** Opens the file now (throws when it cannot be opened for appending). */
  async open(): Promise<void> {
    await this.openFile();
  }

  /** Appends `lines` (each ending with a newline); never throws. */
  async writeLines(lines: readonly string[]): Promise<WriteOutcome> {
    let written = 0;
    try {
      await this.openFile();
      let chunk: string[] = [];
      let chunkBytes = 0;
      for (const line of lines) {
        const bytes = Buffer.byteLength(line);
        const max = this.maxBytes;
        if (max !== undefined && this.size + chunkBytes > 0 && this.size + chunkBytes + bytes > max) {
          written += await this.append(chunk);
          chunk = [];
          chunkBytes = 0;
          await this.rotate();
        }
        chunk.push(line);
        chunkBytes += bytes;
      }
      written += await this.append(chunk);
      return { written, lost: 0 };
    } catch (error) {
      if (error instanceof PartlyWritten) written += error.complete;
      // Reopened for the next batch (the file may have been removed), unless a fragment is left to cut.
      if (this.partialBytes === 0) await this.closeFile();
      const cause = error instanceof PartlyWritten ? error.cause : error;
      return { written, lost: lines.length - written, error: cause as Error };
    }
  }

  /** Cuts off a fragment left by a failed write, if it can, and closes the file. */
  async close(): Promise<void> {
    await this.cutPartialLine().catch(() => undefined);
    await this.closeFile();
  }

  /** Appends whole lines; resolves with their count, or throws PartlyWritten with the count of those complete. */
  private async append(lines: readonly string[]): Promise<number> {
    if (lines.length === 0) return 0;
    const file = await this.openFile();
    const buffer = Buffer.from(lines.join(''), 'utf8');
    let done = 0;
    try {
      while (done < buffer.length) {
        const bytes = await file.append(buffer, done, buffer.length - done);
        if (bytes <= 0) throw new Error('the write made no progress');
        done += bytes;
      }
    } catch (error) {
      const kept = done === 0 ? 0 : buffer.lastIndexOf(NEWLINE, done - 1) + 1;
      this.size += kept;
      this.partialBytes = done - kept;
      await this.cutPartialLine().catch(() => undefined);
      throw new PartlyWritten(countLines(buffer, kept), error);
    }
    this.size += buffer.length;
    return lines.length;
  }

  private async cutPartialLine(): Promise<void> {
    if (this.partialBytes === 0 || this.file === undefined) return;
    // The file's end, not `size`: someone may have truncated it (copytruncate) since it was opened.
    const end = (await this.file.size()) - this.partialBytes;
    await this.file.truncate(end);
    this.partialBytes = 0;
    this.size = end;
  }

  private async openFile(): Promise<RecordingFile> {
    if (this.file !== undefined) {
      await this.cutPartialLine();
      return this.file;
    }
    const file = await this.fs.openForAppend(this.path);
    try {
      this.size = await file.size();
    } catch (error) {
      await file.close().catch(() => undefined);
      throw error;
    }
    this.file = file;
    return file;
  }

  private async closeFile(): Promise<void> {
    const file = this.file;
    this.file = undefined;
    this.partialBytes = 0;
    await file?.close().catch(() => undefined);
  }

  private async rotate(): Promise<void> {
    await this.closeFile();
    this.part = (this.part ?? (await findLastPart(this.path, this.fs))) + 1;
    await rotateRecording(this.path, this.part, this.fs);
    this.size = 0;
  }
}

/** A write that failed after `complete` whole lines of its chunk were in the file. */
class PartlyWritten extends Error {
  constructor(
    readonly complete: number,
    override readonly cause: unknown,
  ) {
    super('the write failed');
  }
}

function countLines(buffer: Buffer, end: number): number {
  let lines = 0;
  for (let i = buffer.indexOf(NEWLINE); i !== -1 && i < end; i = buffer.indexOf(NEWLINE, i + 1)) lines++;
  return lines;
}
