import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { WebhookCore } from '../core';
import type { Logger } from '../../observability/logger';
import { mountAdminRoutes } from './admin-routes';
import { sendHttpError } from './errors';
import { mountHealthRoutes } from './health';
import { HTTP_ROUTES, suggestRoute } from './routes';

/**
 * Everything but the event hot path: probes, metrics, and JSON answers for
 * OPTIONS, unknown paths and wrong methods. `POST /v1/events` never reaches
 * express. Routing is case-sensitive and ignores one trailing slash (express's
 * non-strict routing), as the event endpoint does.
 */
export function createHttpApp(
  core: WebhookCore,
  logger: Logger,
  consoleRoutes?: RequestHandler,
): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('case sensitive routing', true);
  mountHealthRoutes(app, core);
  app.get('/metrics', async (_req, res) => {
    let text: string;
    try {
      text = await core.metrics.render();
    } catch (error) {
      const message = `metrics unavailable: ${(error as Error).message}`;
      return sendHttpError(res, { status: 503, code: 'UNAVAILABLE', message });
    }
    res.type(core.metrics.contentType).send(text);
  });
  mountAdminRoutes(app, core, logger);
  // `serve --console`: the page and its JSON API, under /console (their own 404s and 405s).
  if (consoleRoutes !== undefined) app.use(consoleRoutes);
  for (const [path, methods] of Object.entries(HTTP_ROUTES)) {
    const allow = methods.join(', ');
    app.options(path, (_req, res) => {
      res.writeHead(204, { allow });
      res.end();
    });
    app.all(path, (req, res) =>
      sendHttpError(
        res,
        {
          status: 405,
          code: 'METHOD_NOT_ALLOWED',
          message: `${req.method} is not allowed on ${path}; use ${methods.join(' or ')}`,
        },
        { allow },
      ),
    );
  }
  app.use((req, res) => {
    const suggestion = suggestRoute(req.path);
    sendHttpError(res, {
      status: 404,
      code: 'NOT_FOUND',
      message:
        `no such path: ${req.method} ${req.path}` +
        (suggestion === undefined ? '' : `; did you mean ${suggestion}? (paths are case-sensitive)`),
    });
  });
  app.use((error: Error, _req: Request, res: Response, _next: NextFunction) => {
    logger.error('http request failed', { error: String(error.stack ?? error) });
    if (res.headersSent) res.destroy();
    else sendHttpError(res, { status: 500, code: 'INTERNAL', message: 'internal error' });
  });
  return app;
}
