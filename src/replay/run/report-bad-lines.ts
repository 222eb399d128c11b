import type { TextSink } from '../../terminal/command-io';
import { UserError } from '../../terminal/user-error';
import type { RecordingItem } from '../input/read-recording';

/** Bad lines reported one by one at most; the rest are only counted. */
const MAX_REPORTED_BAD_LINES = 100;

/** A bad line with `--strict`: the replay stops. */
export class StrictStop extends UserError {}

/**
 * What the replay does with a bad line, in input order: reports the first hundred on stderr (then only
 * counts them), or stops at the first with `--strict`. `beforeReport` erases a progress bar.
 */
export function createBadLineReporter(options: {
  strict: boolean;
  stderr: TextSink;
  beforeReport?: () => void;
}) {
  let count = 0;
  return {
    get count(): number {
      return count;
    },
    report(item: Extract<RecordingItem, { kind: 'bad' }>): void {
      count++;
      const where = `${item.file}:${item.line}`;
      if (options.strict) throw new StrictStop(`${where}: ${item.message} (--strict: stopping)`);
      options.beforeReport?.();
      if (count <= MAX_REPORTED_BAD_LINES)
        options.stderr.write(`rulehook replay: ${where}: ${item.message}; line skipped\n`);
      else if (count === MAX_REPORTED_BAD_LINES + 1)
        options.stderr.write('rulehook replay: more bad lines: counted in the summary, not shown\n');
    },
  };
}
