import type { TextSink } from '../../terminal/command-io';

/** A sink that may ask us to wait, or fail (a Node.js Writable such as process.stdout). */
interface DrainableSink extends TextSink {
  once?(event: 'drain' | 'error', listener: (error?: unknown) => void): unknown;
  on?(event: 'error', listener: (error: unknown) => void): unknown;
}

/** Text gathered before it is written: fewer, larger writes. */
const BATCH_CHARS = 64 * 1024;

export interface OutputWriterOptions {
  /** Runs before each write (to erase a progress bar on the same terminal). */
  beforeWrite?: () => void;
  /** Called once if the sink fails (a closed pipe: `rulehook replay ... | head`); later output is dropped. */
  onClosed?: (error: unknown) => void;
}

/**
 * Writes output in batches and waits when the sink is full (a slow pipe), so a
 * long replay never piles up output in memory.
 */
export class OutputWriter {
  private batch = '';
  private closed = false;
  private wakeUp: (() => void) | undefined;

  constructor(
    private readonly sink: DrainableSink,
    private readonly options: OutputWriterOptions = {},
  ) {
    sink.on?.('error', (error) => {
      if (!this.closed) options.onClosed?.(error);
      this.closed = true;
      this.wakeUp?.();
    });
  }

  /**
   * Adds text. Returns a promise only when a full batch was written and the sink asked to wait: a replay
   * writes millions of lines, and most of them need no promise.
   */
  write(text: string): void | Promise<void> {
    if (this.closed) return;
    this.batch += text;
    if (this.batch.length >= BATCH_CHARS) return this.flush();
  }

  async flush(): Promise<void> {
    if (this.batch === '' || this.closed) return;
    const text = this.batch;
    this.batch = '';
    this.options.beforeWrite?.();
    const accepted = this.sink.write(text);
    if (accepted === false && typeof this.sink.once === 'function') {
      await new Promise<void>((resolve) => {
        this.wakeUp = resolve;
        (this.sink as Required<DrainableSink>).once('drain', () => resolve());
      });
      this.wakeUp = undefined;
    }
  }
}
