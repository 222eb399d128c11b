import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { WebhookCore } from '../core';
import type { Logger } from '../../observability/logger';
import { createHttpApp } from './app';
import { sendHttpError } from './errors';
import { createEventEndpoint } from './event-endpoint';

export interface HttpHandlerOptions {
  /** Largest accepted request body, in bytes. */
  maxBodyBytes: number;
  logger: Logger;
}

const EVENT_PATH = '/v1/events';

/**
 * The HTTP host's request listener: `POST /v1/events` goes straight to the lean
 * event endpoint; every other request goes to the express app.
 */
export function createHttpHandler(core: WebhookCore, options: HttpHandlerOptions): RequestListener {
  const handleEvent = createEventEndpoint(core, options.maxBodyBytes);
  const app = createHttpApp(core, options.logger);
  return (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '';
    if (req.method === 'POST' && (url === EVENT_PATH || url.startsWith(EVENT_PATH + '?'))) {
      handleEvent(req, res).catch((error: unknown) => {
        options.logger.error('event request failed', { error: String((error as Error)?.stack ?? error) });
        if (!res.headersSent)
          sendHttpError(res, { status: 500, code: 'INTERNAL', message: 'internal error' });
        else res.destroy();
      });
      return;
    }
    app(req, res);
  };
}
