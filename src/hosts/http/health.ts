import type { Express } from 'express';
import { shortenRevision } from '../../contract/rule-revision';
import type { WebhookCore } from '../core';
import { sendJson } from './errors';

/**
 * The probes (docs/contract.md): `GET /healthz` answers 200 whenever the process answers at all; `GET /readyz`
 * follows the core's readiness, 200 once rules are loaded and 503 while loading and from the start of draining
 * on, with the rule set's revision (12 hex digits; empty while loading).
 */
export function mountHealthRoutes(app: Express, core: WebhookCore): void {
  app.get('/healthz', (_req, res) => sendJson(res, 200, '{"status":"ok"}'));
  app.get('/readyz', (_req, res) => {
    const status = core.readiness.status;
    const body = JSON.stringify({ status, revision: shortenRevision(core.revision) });
    sendJson(res, status === 'ready' ? 200 : 503, body);
  });
}
