import type { TextSink } from '../cli/io';

/** A sink that may ask us to wait (a Node.js Writable such as process.stdout). */
interface DrainableSink extends TextSink {
  once?(event: 'drain', listener: () => void): unknown;
}

/** Text gathered before it is written: fewer, larger writes. */
const BATCH_CHARS = 64 * 1024;

/**
 * Writes output in batches and waits when the sink is full (a slow pipe), so a
 * long replay never piles up output in memory.
 */
export class OutputWriter {
  private batch = '';

  /** `beforeWrite` runs before each write (to erase a progress bar on the same terminal). */
  constructor(
    private readonly sink: DrainableSink,
    private readonly beforeWrite?: () => void,
  ) {}

  /** Adds text; resolves at once unless a full batch had to wait for the sink to drain. */
  async write(text: string): Promise<void> {
    this.batch += text;
    if (this.batch.length >= BATCH_CHARS) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.batch === '') return;
    const text = this.batch;
    this.batch = '';
    this.beforeWrite?.();
    const accepted = this.sink.write(text);
    if (accepted === false && typeof this.sink.once === 'function') {
      await new Promise<void>((resolve) => (this.sink as Required<DrainableSink>).once('drain', resolve));
    }
  }
}
