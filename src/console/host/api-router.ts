import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { failWith, isRecord, type ApiResult } from '../api/api-result';
import type { ConsoleContext } from '../api/console-context';
import { CONSOLE_ENDPOINTS } from './endpoints';

/** Request bodies larger than this are refused with 413: a pack's edited texts fit many times over. */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;

/**
 * The JSON API: each endpoint of CONSOLE_ENDPOINTS at its path and method, bodies parsed
 * as JSON within MAX_BODY_BYTES, and every error, the parser's included, as `{error: {code, message}}`.
 */
export function createApiRouter(context: ConsoleContext, onError: (error: unknown) => void): Router {
  const api = express.Router({ caseSensitive: true, strict: false });
  api.use(refuseCrossSite);
  const readJson = [requireJson, express.json({ limit: MAX_BODY_BYTES, strict: true, type: () => true })];
  for (const [name, endpoint] of Object.entries(CONSOLE_ENDPOINTS)) {
    const route = endpoint.method === 'GET' ? api.get.bind(api) : api.post.bind(api);
    if ('stream' in endpoint) {
      const opened = endpoint.stream(context);
      route(`/${name}`, typeof opened === 'function' ? opened : (_req, res) => send(res, opened));
    } else {
      const run = endpoint.run;
      route(`/${name}`, ...(endpoint.method === 'POST' ? readJson : []), (req, res, next) => {
        const body: unknown = req.body ?? {};
        if (endpoint.method === 'POST' && !isRecord(body))
          return send(res, failWith(400, 'BAD_REQUEST', 'the request body must be a JSON object'));
        run(isRecord(body) ? body : {}, context).then((result) => send(res, result), next);
      });
    }
    api.all(`/${name}`, (req, res) =>
      send(
        res,
        failWith(
          405,
          'METHOD_NOT_ALLOWED',
          `${req.method} is not allowed on /console/api/${name}; use ${endpoint.method}`,
        ),
        { allow: endpoint.method },
      ),
    );
  }
  api.use((req, res) =>
    send(res, failWith(404, 'NOT_FOUND', `no such endpoint: ${req.method} /console/api${req.path}`)),
  );
  api.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const status = (error as { status?: unknown }).status;
    if (status === 413)
      return send(
        res,
        failWith(413, 'PAYLOAD_TOO_LARGE', `the request body is larger than ${MAX_BODY_BYTES} bytes`),
      );
    if (typeof status === 'number' && status >= 400 && status < 500)
      return send(
        res,
        failWith(400, 'BAD_REQUEST', `the request body is not JSON: ${(error as Error).message}`),
      );
    onError(error);
    if (res.headersSent) res.destroy();
    else send(res, failWith(500, 'INTERNAL', 'internal error'));
  });
  return api;
}

/**
 * A page of another site must not drive the console (its `save` writes rule files) nor read it (the live
 * decisions, the pack's files): a request whose
 * `Origin` is not this host's is 403, and a POST must say `application/json` (requireJson), which a
 * cross-site form cannot send without a preflight the console never answers.
 */
function refuseCrossSite(req: Request, res: Response, next: NextFunction): void {
  const origin = req.get('origin');
  if (origin !== undefined && !isSameHost(origin, req.get('host')))
    return send(
      res,
      failWith(
        403,
        'CROSS_ORIGIN',
        `requests from ${origin} are refused: the console answers its own page only`,
      ),
    );
  next();
}

function requireJson(req: Request, res: Response, next: NextFunction): void {
  if (req.is('application/json') === 'application/json') return next();
  send(
    res,
    failWith(415, 'UNSUPPORTED_MEDIA_TYPE', 'send the body as JSON, with Content-Type: application/json'),
  );
}

function isSameHost(origin: string, host: string | undefined): boolean {
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

function send(res: Response, result: ApiResult, headers: Record<string, string> = {}): void {
  res.status(result.status).set(headers).set('cache-control', 'no-store').json(result.body);
}
