import { setTimeout as sleep } from 'node:timers/promises';
import type { SessionVariables } from '../../contract/types';
import type { RaisedEventFacts } from '../../simulation/webhook';
import type { ReplayEnd } from '../report/format-summary';
import type { RecordingSource } from '../input/open-recording';
import { EventLayouts } from '../input/read-event-variables';
import { decodeRecordingLine, type RecordingItem } from '../input/read-recording';
import { readSources } from '../input/read-sources';
import { isPromise, raiseInLanes, type ReplayedEvent, type ReplayLane } from '../lanes/replay-lane';

export interface ReplayLoopOptions {
  sources: readonly RecordingSource[];
  lanes: readonly ReplayLane[];
  sessionKey: string;
  /** Replay only the events of this session. */
  session?: string;
  /** Events raised and not yet reported, at most: 1 is strictly sequential; more lets sessions overlap. */
  window: number;
  /** Events raised per second, at most. */
  rate?: number;
  /** Stop raising events after this many milliseconds. */
  durationMs?: number;
  /** Start the recordings again when they end (until `durationMs`), with fresh session ids. */
  loop?: boolean;
  signal?: AbortSignal;
  /** Sees every session raised, in order (to notice sessions forgotten by `--max-sessions` coming back). */
  sessions?: { see(session: string): void };
  /** Called in input order; may throw to stop the replay (`--strict`). */
  onBadLine(item: Extract<RecordingItem, { kind: 'bad' }>): void;
  /** Called once per replayed event, in input order. */
  onEvent(replayed: ReplayedEvent): void | Promise<void>;
  /** Called for every line read, with the events raised so far. */
  onProgress?(progress: { file: string; bytesRead: number; size: number | undefined; events: number }): void;
}

/**
 * The replay: reads the recordings in order, raises each event in every lane
 * (events of one session strictly one after the other, sessions overlapping
 * within `window`), and reports outcomes in input order. Holds at most `window`
 * events, so memory does not grow with the recording. Lanes that answer at once
 * (the rules in-process) are raised and reported without a promise per event.
 */
export async function runReplayLoop(options: ReplayLoopOptions): Promise<ReplayEnd> {
  const { lanes, sessionKey, window } = options;
  const started = performance.now();
  const pending: Promise<ReplayedEvent>[] = [];
  const tails = new Map<string, Promise<unknown>>();
  let raised = 0;
  const layouts = new EventLayouts(sessionKey);
  const stopReason = (): ReplayEnd | undefined => {
    if (options.signal?.aborted === true) return 'aborted';
    if (options.durationMs !== undefined && performance.now() - started >= options.durationMs)
      return 'duration';
    return undefined;
  };
  /** Raises one event; returns it when it was answered at once and nothing raised before is pending. */
  const raise = (
    file: string,
    line: number,
    variables: SessionVariables,
    facts: RaisedEventFacts,
    names: readonly string[] | undefined,
  ): ReplayedEvent | undefined => {
    const key = variables[sessionKey] ?? '';
    options.sessions?.see(key);
    const previous = pending.length === 0 ? undefined : tails.get(key);
    const outcomes = previous === undefined ? raiseInLanes(lanes, variables, facts, names) : undefined;
    if (outcomes !== undefined && !isPromise(outcomes) && pending.length === 0)
      return { file, line, outcomes };
    const run = async (): Promise<ReplayedEvent> => ({
      file,
      line,
      outcomes: await (outcomes ?? raiseInLanes(lanes, variables, facts, names)),
    });
    const result = previous === undefined ? run() : previous.then(run);
    const tail = result.catch(() => undefined);
    tails.set(key, tail);
    void tail.then(() => tails.get(key) === tail && tails.delete(key));
    pending.push(result);
    return undefined;
  };
  try {
    for (let pass = 1; ; pass++) {
      const before = raised;
      for await (const { lines, source, opened } of readSources(options.sources)) {
        options.onProgress?.({
          file: source.name,
          bytesRead: opened.bytesRead(),
          size: opened.size,
          events: raised,
        });
        for (const raw of lines) {
          const item = decodeRecordingLine(source.name, raw, layouts);
          if (item === undefined) continue;
          if (item.kind === 'bad') {
            if (pass === 1) options.onBadLine(item);
            continue;
          }
          const id = item.variables[sessionKey];
          if (options.session !== undefined && id !== options.session) continue;
          if (options.rate !== undefined) await pace(started, raised, options.rate);
          const stop = stopReason();
          if (stop !== undefined) return await finish(stop);
          const answered = raise(
            item.file,
            item.line,
            pass > 1 && id ? { ...item.variables, [sessionKey]: `${id}#${pass}` } : item.variables,
            item.recorded === undefined
              ? { delivered: item.delivered }
              : { delivered: item.delivered, recorded: item.recorded },
            item.names,
          );
          raised++;
          if (answered !== undefined) {
            const reported = options.onEvent(answered);
            if (reported !== undefined) await reported;
          }
          while (pending.length >= window)
            await options.onEvent(await (pending.shift() as Promise<ReplayedEvent>));
        }
      }
      // A pass that raised nothing would loop on nothing until the deadline.
      if (options.loop !== true || raised === before) return await finish('end');
      const stop = stopReason();
      if (stop !== undefined) return await finish(stop);
    }
  } catch (error) {
    await Promise.allSettled(pending);
    throw error;
  }

  async function finish(end: ReplayEnd): Promise<ReplayEnd> {
    while (pending.length > 0) await options.onEvent(await (pending.shift() as Promise<ReplayedEvent>));
    return end;
  }
}

/** Waits until event number `count` is due at `rate` events per second. */
async function pace(started: number, count: number, rate: number): Promise<void> {
  const wait = started + (count * 1000) / rate - performance.now();
  if (wait >= 1) await sleep(wait);
}
