import { statSync } from 'node:fs';
import path from 'node:path';
import express, { type Router } from 'express';
import type { EventDecision, LogMask } from '../../../contract/decision-line';
import { createCallRoute, createDecisionRoutes } from '../../../console/api/live-routes';
import { createConsoleRouter } from '../../../console/host/console-router';
import { DecisionFeed } from '../../../console/api/decision-feed';
import type { ConsolePack } from '../../../console/api/load-pack-book';
import type { ServeOptions } from './serve-options';

/** What `serve --console` adds to one serving process: the decisions' feed and the routes under /console. */
export interface ServeConsole {
  feed: DecisionFeed;
  routes: Router;
}

/**
 * `serve --console`: the console's routes over serve's own rules (their directory is the pack), read-only,
 * with the decisions this server makes. Undefined without `--console`.
 */
export function createServeConsole(
  options: ServeOptions,
  mask: LogMask | undefined,
): ServeConsole | undefined {
  if (!options.console) return undefined;
  const feed = new DecisionFeed({ mask });
  const pack = servedPack(options);
  const routes = express.Router({ caseSensitive: true });
  routes.use(createDecisionRoutes(feed));
  routes.use(
    createCallRoute({
      pack,
      decisions: feed,
      sessionKey: options.sessionKey,
      engine: { ownUpdates: options.ownUpdates },
    }),
  );
  // Nothing writes rule files on a server.
  routes.post('/console/api/save', (_req, res) => {
    res.status(403).json({ error: { code: 'READ_ONLY', message: 'serve --console is read-only' } });
  });
  routes.use(
    createConsoleRouter({
      pack: {
        cwd: pack.cwd,
        paths: pack.paths,
        ...(pack.catalog === undefined ? {} : { catalog: pack.catalog }),
      },
      readOnly: true,
      mode: 'serve',
    }),
  );
  return { feed, routes };
}

/** The pack of the rules `serve` loads: their directory, or the directory of the one rule file given. */
function servedPack(options: ServeOptions): ConsolePack {
  const isDirectory = (() => {
    try {
      return statSync(options.rules).isDirectory();
    } catch {
      return true;
    }
  })();
  const cwd = isDirectory ? options.rules : path.dirname(options.rules);
  return {
    cwd,
    paths: [isDirectory ? '.' : path.basename(options.rules)],
    ...(options.catalog === undefined ? {} : { catalog: options.catalog }),
  };
}

/** The core's decision tap when both the decision log and the console want decisions: each gets every one. */
export function joinDecisionTaps(
  ...taps: ((decision: EventDecision) => void)[]
): ((decision: EventDecision) => void) | undefined {
  if (taps.length <= 1) return taps[0];
  return (decision) => {
    for (const tap of taps) tap(decision);
  };
}
