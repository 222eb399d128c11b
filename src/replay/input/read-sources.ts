import { UserError } from '../../terminal/user-error';
import type { OpenedRecording, RecordingSource } from './open-recording';
import { splitLineBatches, type RawLine } from './split-lines';

/** A recording could not be opened or read (not a bad line: the file itself). */
export class RecordingReadError extends UserError {
  constructor(
    readonly file: string,
    cause: unknown,
  ) {
    // Errors from Node's internals may come from another realm (jest): no instanceof Error.
    const message = (cause as { message?: unknown } | null)?.message;
    super(`cannot read ${file}: ${typeof message === 'string' ? message : String(cause)}`);
  }
}

/** The lines of one chunk of a recording, with the recording they were read from. */
export interface SourcedLines {
  lines: RawLine[];
  source: RecordingSource;
  opened: OpenedRecording;
}

/**
 * Reads the recordings one after the other, in batches of lines (`splitLineBatches`); a failure to read
 * one is a RecordingReadError naming it.
 */
export async function* readSources(sources: readonly RecordingSource[]): AsyncGenerator<SourcedLines> {
  for (const source of sources) {
    let opened: OpenedRecording;
    try {
      opened = await source.open();
    } catch (error) {
      throw new RecordingReadError(source.name, error);
    }
    const batches = splitLineBatches(opened.chunks);
    try {
      for (;;) {
        let next: IteratorResult<RawLine[]>;
        try {
          next = await batches.next();
        } catch (error) {
          throw new RecordingReadError(source.name, error);
        }
        if (next.done === true) break;
        yield { lines: next.value, source, opened };
      }
    } finally {
      // Stopping early (--duration, an error) closes the file.
      await batches.return(undefined);
    }
  }
}
