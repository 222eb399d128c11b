import type { OpenedRecording, RecordingSource } from './open-recording';
import { readRecording, type RecordingItem } from './read-recording';

/** A recording could not be opened or read (not a bad line: the file itself). */
export class RecordingReadError extends Error {
  constructor(
    readonly file: string,
    cause: unknown,
  ) {
    // Errors from Node's internals may come from another realm (jest): no instanceof Error.
    const message = (cause as { message?: unknown } | null)?.message;
    super(`cannot read ${file}: ${typeof message === 'string' ? message : String(cause)}`);
  }
}

export interface SourcedItem {
  item: RecordingItem;
  source: RecordingSource;
  opened: OpenedRecording;
}

/** Reads the recordings one after the other; a failure to read one is a RecordingReadError naming it. */
export async function* readSources(sources: readonly RecordingSource[]): AsyncGenerator<SourcedItem> {
  for (const source of sources) {
    let opened: OpenedRecording;
    try {
      opened = await source.open();
    } catch (error) {
      throw new RecordingReadError(source.name, error);
    }
    const items = readRecording(source.name, opened.chunks);
    try {
      for (;;) {
        let next: IteratorResult<RecordingItem>;
        try {
          next = await items.next();
        } catch (error) {
          throw new RecordingReadError(source.name, error);
        }
        if (next.done === true) break;
        yield { item: next.value, source, opened };
      }
    } finally {
      // Stopping early (--duration, an error) closes the file.
      await items.return(undefined);
    }
  }
}
