import { decodeRecordingLine } from '../input/read-recording';
import { createLocalLane } from '../lanes/local-lane';
import { createRecordedLane } from '../lanes/recorded-webhook';
import { isPromise, raiseInLanes, type ReplayLane } from '../lanes/replay-lane';
import { createCompareReporter, createReplayReporter, type EventReporter } from '../report/replay-reporters';
import { CompareStats } from '../stats/compare-stats';
import { ReplayStats } from '../stats/replay-stats';
import { compilePortableRules } from './portable-rules';
import type { BatchResult, LineBatch, WorkerSetup } from './worker-protocol';

const encoder = new TextEncoder();

/**
 * What a replay worker does with each batch of lines: the in-process lanes of the rules (and of
 * `--compare` or the recorded answers), as the in-thread replay has them, for the sessions the worker owns.
 * The lanes keep the sessions from one batch to the next; each batch gets its own counts.
 */
export function createBatchReplayer(setup: WorkerSetup): (batch: LineBatch) => BatchResult {
  const { sessionKey, maxSessions, engine } = setup;
  const options = { sessionKey, maxSessions, engine, explain: setup.reporter.explain };
  const lanes: ReplayLane[] = [createLocalLane(compilePortableRules(setup.rules), options)];
  if (setup.compare !== undefined) lanes.push(createLocalLane(compilePortableRules(setup.compare), options));
  if (setup.compareRecorded) lanes.push(createRecordedLane(options));
  const forget = (session: string) => lanes.forEach((lane) => lane.simulator.forget(session));
  let printed = '';
  let group = '';
  const sink = {
    print(session: string, text: string): void {
      printed = text;
      group = session;
    },
  };
  return (batch) => {
    const { file, count, forgetAt, forgetSessions } = batch;
    const readLine = createLineReader(batch);
    const texts: string[] = [];
    const lengths = new Uint32Array(count);
    const sessions: string[] | undefined = setup.reporter.format === 'human' ? [] : undefined;
    const counts = lanes.length > 1 ? new CompareStats(setup.compareOn) : new ReplayStats();
    const report: EventReporter =
      counts instanceof CompareStats
        ? createCompareReporter(counts, setup.reporter, sink)
        : createReplayReporter(counts, setup.reporter, sink);
    let forgotten = 0;
    for (let i = 0; i < count; i++) {
      for (; forgotten < forgetAt.length && (forgetAt[forgotten] as number) <= i; forgotten++)
        forget(forgetSessions[forgotten] as string);
      const line = batch.lines[i] as number;
      const item = decodeRecordingLine(file, { line, text: readLine(i) });
      if (item?.kind !== 'event') throw new Error(`${file}:${line}: the reader took a line for an event`);
      const { variables, delivered, recorded } = item;
      const outcomes = raiseInLanes(
        lanes,
        variables,
        recorded === undefined ? { delivered } : { delivered, recorded },
      );
      if (isPromise(outcomes)) throw new Error('a replay worker replays through rules in-process only');
      printed = '';
      group = '';
      void report({ file, line, outcomes });
      if (printed !== '') texts.push(printed);
      lengths[i] = Buffer.byteLength(printed);
      sessions?.push(group);
    }
    for (; forgotten < forgetAt.length; forgotten++) forget(forgetSessions[forgotten] as string);
    // Its own buffer (Buffer.from may share a pool), to be transferred.
    return { printed: encoder.encode(texts.join('')), lengths, sessions, counts };
  };
}

/** Line `i` of a batch: from the shared bytes of an ASCII chunk, or from the text. */
function createLineReader(batch: LineBatch): (i: number) => string {
  const { shared, starts, lengths, text } = batch;
  if (shared !== undefined && starts !== undefined && lengths !== undefined) {
    const bytes = Buffer.from(shared);
    return (i) => {
      const start = starts[i] as number;
      return bytes.toString('latin1', start, start + (lengths[i] as number));
    };
  }
  let from = 0;
  const all = text ?? '';
  return () => {
    const stop = all.indexOf('\n', from);
    const line = all.slice(from, stop === -1 ? all.length : stop);
    from = stop + 1;
    return line;
  };
}
