import express, { type Router } from 'express';
import type { EngineModel } from '../../filter/engine-model';
import type { ConsoleContext } from '../api/console-context';
import type { DecisionFeed } from '../api/decision-feed';
import { resolveConsolePack, type ConsolePackOptions } from '../api/console-pack';
import { createApiRouter } from './api-router';
import { mountConsolePage } from './console-page';

export interface ConsoleRouterOptions {
  /** The pack shown: rule paths (a directory, usually) and a catalog, relative to `cwd`. */
  pack: ConsolePackOptions;
  /** True under `serve --console`: `save` answers 403 and nothing writes rule files. */
  readOnly: boolean;
  mode: 'standalone' | 'serve';
  /** `serve --console`: the decisions the server makes (`/console/api/decisions`, calls from them). */
  decisions?: DecisionFeed | undefined;
  /** serve's `--session-key`: how a call's events are told apart by session; default `state.sessionId`. */
  sessionKey?: string | undefined;
  /** serve's engine model (`--own-updates`), for calls; default the model's defaults. */
  engine?: EngineModel | undefined;
  /** Where the built page is; default dist/console of the package. */
  pageDirectory?: string;
  /** Told of a request that failed for a reason of the server's own (a bug): it answered 500. */
  onError?: (error: unknown) => void;
}

/**
 * The console: the page at `/console/` and its JSON API at `/console/api/...`, as one express
 * router to mount at the root of an app (`rulehook console` alone, `rulehook serve --console`
 * behind its tokens). The API's paths and bodies are documented in docs/console.md.
 */
export function createConsoleRouter(options: ConsoleRouterOptions): Router {
  const context: ConsoleContext = {
    pack: resolveConsolePack(options.pack),
    readOnly: options.readOnly,
    mode: options.mode,
    decisions: options.decisions,
    sessionKey: options.sessionKey,
    engine: options.engine,
  };
  const router = express.Router({ caseSensitive: true, strict: false });
  router.use('/console/api', createApiRouter(context, options.onError ?? (() => {})));
  mountConsolePage(router, options.pageDirectory);
  return router;
}
