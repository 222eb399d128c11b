import type { Express } from 'express';
import type { Logger } from '../../observability/logger';
import type { WebhookCore } from '../core';
import { sendHttpError, sendJson } from './errors';

/** The path that reloads the rules: POST, no body. */
export const ADMIN_RELOAD_PATH = '/admin/reload';

/**
 * `POST /admin/reload`: reloads the rules as SIGHUP does and answers with the
 * report once the new rule set is in service or refused: 200 for `reloaded`
 * and `unchanged`, 422 for `refused` (the diagnostics say why; the last good
 * rule set keeps serving).
 */
export function mountAdminRoutes(app: Express, core: WebhookCore, logger: Logger): void {
  app.post(ADMIN_RELOAD_PATH, (_req, res) => {
    const reload = core.rulesReload;
    if (reload === undefined) {
      sendHttpError(res, {
        status: 404,
        code: 'NOT_FOUND',
        message: 'this server does not reload its rules',
      });
      return;
    }
    reload().then(
      (report) => sendJson(res, report.result === 'refused' ? 422 : 200, JSON.stringify(report)),
      (error: unknown) => {
        logger.error('rules reload failed', { error: String((error as Error)?.stack ?? error) });
        sendHttpError(res, {
          status: 500,
          code: 'INTERNAL',
          message: 'the reload failed; see the server log',
        });
      },
    );
  });
}
