import { EventLayouts } from '../input/read-event-variables';
import { decodeRecordingLine } from '../input/read-recording';
import { createLocalLane } from '../lanes/local-lane';
import { createRecordedLane } from '../lanes/recorded-webhook';
import { isPromise, raiseInLanes, type ReplayLane } from '../lanes/replay-lane';
import { createCompareReporter, createReplayReporter, type EventReporter } from '../report/replay-reporters';
import { CompareStats } from '../stats/compare-stats';
import { ReplayStats } from '../stats/replay-stats';
import { compilePortableRules } from './portable-rules';
import type { BatchResult, LineBatch, WorkerSetup } from './worker-protocol';

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
  const layouts = new EventLayouts(sessionKey);
  let printed = '';
  let group = '';
  const sink = {
    print(session: string, text: string): void {
      printed = text;
      group = session;
    },
  };
  return (batch) => {
    const { file, forgetAt, forgetSessions } = batch;
    const count = batch.lines.length;
    const readLine = createLineReader(batch.text);
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
      const item = decodeRecordingLine(file, { line, text: readLine() }, layouts);
      if (item?.kind !== 'event') throw new Error(`${file}:${line}: the reader took a line for an event`);
      const { variables, delivered, recorded, names } = item;
      const outcomes = raiseInLanes(
        lanes,
        variables,
        recorded === undefined ? { delivered } : { delivered, recorded },
        names,
      );
      if (isPromise(outcomes)) throw new Error('a replay worker replays through rules in-process only');
      printed = '';
      group = '';
      void report({ file, line, outcomes });
      if (printed !== '') texts.push(printed);
      lengths[i] = printed.length;
      sessions?.push(group);
    }
    for (; forgotten < forgetAt.length; forgotten++) forget(forgetSessions[forgotten] as string);
    return { text: texts.join(''), lengths, sessions, counts };
  };
}

/** The lines of a batch's text, one after the other. */
function createLineReader(text: string): () => string {
  let from = 0;
  return () => {
    const stop = text.indexOf('\n', from);
    const line = text.slice(from, stop === -1 ? text.length : stop);
    from = stop + 1;
    return line;
  };
}
