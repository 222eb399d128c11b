import type { Request, Response } from 'express';
import type { DecisionFeed } from './decision-feed';

export interface StreamLimits {
  /** Bytes a client may leave unread in its connection's buffer; decisions beyond are dropped (and counted). */
  maxBufferedBytes: number;
  /** A comment line this often keeps proxies from closing an idle stream, and finds clients gone. */
  heartbeatMs: number;
}

export const DEFAULT_STREAM_LIMITS: StreamLimits = { maxBufferedBytes: 1024 * 1024, heartbeatMs: 15_000 };

/**
 * `GET /console/api/decisions`: Server-Sent Events, `event: decision` with the decision log's line as
 * `data:` for every decision from now on. A client that reads slower than decisions come costs at most
 * `maxBufferedBytes`: beyond, decisions are dropped for it, and once its buffer has drained it is told how
 * many in an `event: dropped` (`data: {"count": N}`). The stream ends when the feed closes (the server
 * stops or drains), so that it never holds a stop.
 */
export function streamDecisions(feed: DecisionFeed, limits: StreamLimits = DEFAULT_STREAM_LIMITS) {
  return (_req: Request, res: Response): void => {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // Proxies such as nginx would otherwise buffer the stream.
      'x-accel-buffering': 'no',
    });
    res.write(': rulehook decisions\nretry: 3000\n\n');
    let dropped = 0;
    const sayDropped = (): void => {
      if (dropped === 0) return;
      res.write(`event: dropped\ndata: {"count":${dropped}}\n\n`);
      dropped = 0;
    };
    const send = (line: string): void => {
      if (res.writableLength > limits.maxBufferedBytes) {
        dropped++;
        return;
      }
      sayDropped();
      res.write(`event: decision\ndata: ${line}\n\n`);
    };
    res.on('drain', sayDropped);
    const heartbeat = setInterval(() => {
      if (res.writableLength <= limits.maxBufferedBytes) res.write(': heartbeat\n\n');
    }, limits.heartbeatMs);
    heartbeat.unref();
    const stop = (): void => {
      clearInterval(heartbeat);
      unsubscribe();
    };
    const unsubscribe = feed.subscribe(send, () => {
      stop();
      res.end();
    });
    res.on('close', stop);
  };
}

/** `GET /console/api/decisions/recent`: `{decisions: [...]}`, the ring's decision-log lines, oldest first. */
export function answerRecentDecisions(feed: DecisionFeed) {
  return (_req: Request, res: Response): void => {
    res
      .status(200)
      .type('application/json; charset=utf-8')
      .set('cache-control', 'no-store')
      .send(`{"decisions":[${feed.recent().join(',')}]}`);
  };
}
