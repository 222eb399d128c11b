import type { Worker } from 'node:cluster';
import { isWorkerMessage, type WorkerMessage } from './worker-messages';

/** How long the primary waits for the workers' recent decisions; a worker later than that is left out. */
const COLLECT_TIMEOUT_MS = 1000;

/** Decision lines a worker may have unsent on its channel; beyond, lines for it are dropped. */
export const MAX_PENDING_LINES = 1000;

interface Collection {
  waiting: Set<number>;
  lines: string[];
  done(): void;
}

/**
 * The primary's part of `serve --workers N --console`: a request lands on any worker, so each worker's
 * console must see every worker's decisions. While some worker has a console client reading the live
 * decisions, every worker is told to hand the primary each decision's line, which it relays to the other
 * listening workers; while none does, workers send nothing (a decision costs them what it costs one
 * process). The recent decisions are every worker's rings, merged by time when asked for.
 */
export class PrimaryConsoleRelay {
  private readonly listening = new Set<number>();
  private readonly pending = new Map<number, number>();
  private readonly collections = new Map<number, Collection>();
  private publishing = false;
  private nextId = 0;

  /**
   * Handles `message` from `worker` if it is the console's; `workers`: the workers serving (those that
   * listen), each told to publish or asked for its recent decisions.
   */
  handle(worker: Worker, message: unknown, workers: () => readonly Worker[]): boolean {
    if (isWorkerMessage(message, 'rulehook:console-decision')) {
      for (const target of workers())
        if (target.id !== worker.id && this.listening.has(target.id)) this.relay(target, message);
      return true;
    }
    if (isWorkerMessage(message, 'rulehook:console-listening')) {
      if (message.listening) this.listening.add(worker.id);
      else this.listening.delete(worker.id);
      this.decide(workers());
      return true;
    }
    if (isWorkerMessage(message, 'rulehook:console-recent-collected')) {
      const collection = this.collections.get(message.id);
      if (collection?.waiting.delete(worker.id)) {
        collection.lines.push(...message.lines);
        if (collection.waiting.size === 0) collection.done();
      }
      return true;
    }
    if (!isWorkerMessage(message, 'rulehook:console-recent-request')) return false;
    void this.collect(workers()).then((lines) => {
      const newest = lines.slice(Math.max(0, lines.length - message.limit));
      send(worker, { type: 'rulehook:console-recent', id: message.id, lines: newest });
    });
    return true;
  }

  /** A worker now serving (a replacement included): told to publish if some console listens. */
  welcome(worker: Worker): void {
    if (this.publishing) send(worker, { type: 'rulehook:console-publish', publish: true });
  }

  /** A worker exited: its console listens no more, and no collection waits for it. */
  forget(worker: Worker, workers: readonly Worker[]): void {
    this.pending.delete(worker.id);
    if (this.listening.delete(worker.id)) this.decide(workers);
    for (const collection of this.collections.values())
      if (collection.waiting.delete(worker.id) && collection.waiting.size === 0) collection.done();
  }

  private decide(workers: readonly Worker[]): void {
    const publish = this.listening.size > 0;
    if (publish === this.publishing) return;
    this.publishing = publish;
    for (const worker of workers) send(worker, { type: 'rulehook:console-publish', publish });
  }

  /** Bounded: a worker whose channel does not keep up loses lines rather than the primary's memory. */
  private relay(target: Worker, message: WorkerMessage): void {
    const pending = this.pending.get(target.id) ?? 0;
    if (pending >= MAX_PENDING_LINES || !target.isConnected()) return;
    this.pending.set(target.id, pending + 1);
    target.send(message, () => {
      const left = this.pending.get(target.id);
      if (left !== undefined) this.pending.set(target.id, left - 1);
    });
  }

  private collect(workers: readonly Worker[]): Promise<string[]> {
    const id = this.nextId++;
    const asked = workers.filter((worker) => worker.isConnected());
    return new Promise<string[]>((resolve) => {
      const timer = setTimeout(() => collection.done(), COLLECT_TIMEOUT_MS);
      const collection: Collection = {
        waiting: new Set(asked.map((worker) => worker.id)),
        lines: [],
        done: () => {
          clearTimeout(timer);
          this.collections.delete(id);
          resolve(sortByTime(collection.lines));
        },
      };
      this.collections.set(id, collection);
      for (const worker of asked) send(worker, { type: 'rulehook:console-recent-collect', id });
      if (asked.length === 0) collection.done();
    });
  }
}

/** Decision lines in the order they were made: each begins `{"time":"<ISO 8601>"`, so text order is time order. */
function sortByTime(lines: string[]): string[] {
  return lines.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

function send(worker: Worker, message: WorkerMessage): void {
  // A worker whose channel closes meanwhile is forgotten when it exits.
  if (worker.isConnected()) worker.send(message, () => undefined);
}
