import type { TextSink } from '../../terminal/command-io';
import { formatCount } from '../../terminal/format-count';

/** Shown only for inputs that take longer than this. */
const SHOW_AFTER_MS = 1000;
const REDRAW_EVERY_MS = 200;
const WIDTH = 30;

/** The progress of a replay on stderr (a terminal): a bar when the input's size is known, a count otherwise. */
export class ProgressBar {
  private readonly started = performance.now();
  private lastDraw = 0;
  private drawn = false;

  constructor(private readonly sink: TextSink) {}

  /** Called once per chunk read (a few hundred lines). */
  update(progress: { file: string; bytesRead: number; size: number | undefined; events: number }): void {
    const now = performance.now();
    if (now - this.started < SHOW_AFTER_MS || now - this.lastDraw < REDRAW_EVERY_MS) return;
    this.lastDraw = now;
    const events = `${formatCount(progress.events)} events`;
    let text: string;
    if (progress.size === undefined || progress.size === 0) text = `${events} from ${progress.file}`;
    else {
      const ratio = Math.min(1, progress.bytesRead / progress.size);
      const full = Math.round(ratio * WIDTH);
      text = `[${'#'.repeat(full)}${'-'.repeat(WIDTH - full)}] ${(ratio * 100).toFixed(0).padStart(3)}% ${progress.file}, ${events}`;
    }
    this.sink.write(`\r\x1b[K${text}`);
    this.drawn = true;
  }

  /** Erases the bar (before the summary is printed). */
  clear(): void {
    if (this.drawn) this.sink.write('\r\x1b[K');
    this.drawn = false;
  }
}
