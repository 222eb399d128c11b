import { askPrimary } from './ask-primary';
import { MAX_PENDING_LINES } from './primary-console-relay';
import { isWorkerMessage, type WorkerMessage } from './worker-messages';

/** How long a worker waits for the recent decisions of all workers before showing its own. */
const ANSWER_TIMEOUT_MS = 3000;

/** What the relay needs of a worker's console decision feed (the console's DecisionFeed). */
export interface RelayedFeed {
  onListening: ((listening: boolean) => void) | undefined;
  forward: ((line: string) => void) | undefined;
  gatherRecent: () => Promise<string[]>;
  recent(): string[];
  tellRelayed(line: string): void;
}

/**
 * A worker of `serve --workers N --console` (primary-console-relay.ts): tells the primary when its console
 * has a client reading the live decisions; while the primary says some worker's does, hands it every
 * decision's line; tells its own clients the lines the primary relays; and answers the recent decisions
 * with every worker's, merged by the primary. Installed before the worker listens.
 */
export function relayWorkerConsole(feed: RelayedFeed, recentLimit: number): void {
  let pending = 0;
  const forward = (line: string): void => {
    // Bounded: a channel that does not keep up loses lines rather than this worker's memory.
    if (pending >= MAX_PENDING_LINES) return;
    pending++;
    send({ type: 'rulehook:console-decision', line }, () => pending--);
  };
  feed.onListening = (listening) => send({ type: 'rulehook:console-listening', listening });
  process.on('message', (message: unknown) => {
    if (isWorkerMessage(message, 'rulehook:console-decision')) feed.tellRelayed(message.line);
    else if (isWorkerMessage(message, 'rulehook:console-publish'))
      feed.forward = message.publish ? forward : undefined;
    else if (isWorkerMessage(message, 'rulehook:console-recent-collect'))
      send({ type: 'rulehook:console-recent-collected', id: message.id, lines: feed.recent() });
  });
  let nextId = 0;
  feed.gatherRecent = async () => {
    const id = nextId++;
    try {
      const answer = await askPrimary(
        { type: 'rulehook:console-recent-request', id, limit: recentLimit },
        (m) => (isWorkerMessage(m, 'rulehook:console-recent') && m.id === id ? m : undefined),
        ANSWER_TIMEOUT_MS,
        'the primary did not answer',
      );
      return answer.lines;
    } catch {
      // The primary is gone (the cluster stops): this worker's own are all there is to show.
      return feed.recent();
    }
  };
}

function send(message: WorkerMessage, sent: () => void = () => undefined): void {
  if (process.connected) process.send?.(message, undefined, undefined, sent);
  else sent();
}
