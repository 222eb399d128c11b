import express, { type NextFunction, type Request, type Response } from 'express';
import type { WebhookCore } from '../core';
import type { Logger } from '../../observability/logger';
import { sendHttpError, sendJson } from './errors';

/** Paths the host serves, with their allowed methods (for 405 and the Allow header). */
export const HTTP_ROUTES: Readonly<Record<string, readonly string[]>> = {
  '/v1/events': ['POST'],
  '/healthz': ['GET', 'HEAD'],
  '/readyz': ['GET', 'HEAD'],
  '/metrics': ['GET', 'HEAD'],
};

/**
 * Everything but the event hot path: probes, metrics, and JSON errors for
 * unknown paths and wrong methods. `POST /v1/events` never reaches express.
 */
export function createHttpApp(core: WebhookCore, logger: Logger): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.get('/healthz', (_req, res) => sendJson(res, 200, '{"status":"ok"}'));
  app.get('/readyz', (_req, res) =>
    core.ready ? sendJson(res, 200, '{"status":"ready"}') : sendJson(res, 503, '{"status":"not ready"}'),
  );
  app.get('/metrics', (_req, res) => {
    res.type('text/plain; version=0.0.4; charset=utf-8').send(core.metrics.renderPrometheus());
  });
  for (const [path, methods] of Object.entries(HTTP_ROUTES)) {
    app.all(path, (req, res) =>
      sendHttpError(
        res,
        {
          status: 405,
          code: 'METHOD_NOT_ALLOWED',
          message: `${req.method} is not allowed on ${path}; use ${methods.join(' or ')}`,
        },
        { allow: methods.join(', ') },
      ),
    );
  }
  app.use((req, res) =>
    sendHttpError(res, {
      status: 404,
      code: 'NOT_FOUND',
      message: `no such path: ${req.method} ${req.path}`,
    }),
  );
  app.use((error: Error, _req: Request, res: Response, _next: NextFunction) => {
    logger.error('http request failed', { error: String(error.stack ?? error) });
    sendHttpError(res, { status: 500, code: 'INTERNAL', message: 'internal error' });
  });
  return app;
}
