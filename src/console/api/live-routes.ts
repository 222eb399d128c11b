import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { answerCall, type CallContext } from './call';
import type { DecisionFeed } from './decision-feed';
import {
  answerRecentDecisions,
  DEFAULT_STREAM_LIMITS,
  streamDecisions,
  type StreamLimits,
} from './decisions-stream';

/** The largest body `POST /console/api/call` reads: its events, and the edited files. */
export const MAX_CALL_BODY_BYTES = 8 * 1024 * 1024;

/** `GET /console/api/decisions` (Server-Sent Events) and `GET /console/api/decisions/recent`. */
export function createDecisionRoutes(
  feed: DecisionFeed,
  limits: StreamLimits = DEFAULT_STREAM_LIMITS,
): Router {
  const router = express.Router({ caseSensitive: true });
  router.get('/console/api/decisions', streamDecisions(feed, limits));
  router.get('/console/api/decisions/recent', answerRecentDecisions(feed));
  return router;
}

/** `POST /console/api/call` (call.ts), its body JSON of at most MAX_CALL_BODY_BYTES. */
export function createCallRoute(context: CallContext): Router {
  const router = express.Router({ caseSensitive: true });
  router.post(
    '/console/api/call',
    express.json({ limit: MAX_CALL_BODY_BYTES, type: () => true }),
    (req: Request, res: Response, next: NextFunction) => {
      answerCall(req.body, context).then((answer) => res.status(answer.status).json(answer.body), next);
    },
  );
  router.use('/console/api/call', answerBodyError);
  return router;
}

/** A body that is not JSON (400) or too large (413), in the console's error shape. */
function answerBodyError(error: unknown, _req: Request, res: Response, next: NextFunction): void {
  const status = (error as { status?: unknown }).status;
  if (status !== 400 && status !== 413) return next(error);
  const code = status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST';
  const message =
    status === 413 ? `the body is larger than ${MAX_CALL_BODY_BYTES} bytes` : 'the body is not JSON';
  res.status(status).json({ error: { code, message } });
}
