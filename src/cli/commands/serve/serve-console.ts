import { statSync } from 'node:fs';
import path from 'node:path';
import type { Router } from 'express';
import type { EventDecision, LogMask } from '../../../contract/decision-line';
import type { DecisionFeed } from '../../../console/api/decision-feed';
import type { ConsolePackOptions } from '../../../console/api/console-pack';
import type { ServeOptions } from './serve-options';

/** What `serve --console` adds to one serving process: the decisions' feed and the routes under /console. */
export interface ServeConsole {
  feed: DecisionFeed;
  /** How many decisions `/console/api/decisions/recent` answers at most. */
  recent: number;
  routes: Router;
}

/**
 * `serve --console`: the console's router over serve's own rules (their directory is the pack), read-only,
 * with the decisions this server makes. Undefined without `--console`. The console's modules (its language
 * workspace, the sandbox it runs tests in) are loaded only then: a server without a console does not carry them.
 */
export async function createServeConsole(
  options: ServeOptions,
  mask: LogMask | undefined,
): Promise<ServeConsole | undefined> {
  if (!options.console) return undefined;
  const { DecisionFeed, DEFAULT_RECENT_DECISIONS } = await import('../../../console/api/decision-feed');
  const { createConsoleRouter } = await import('../../../console/host/console-router');
  const feed = new DecisionFeed({ mask });
  const routes = createConsoleRouter({
    pack: servedPack(options),
    readOnly: true,
    mode: 'serve',
    decisions: feed,
    sessionKey: options.sessionKey,
    engine: { ownUpdates: options.ownUpdates },
  });
  return { feed, recent: DEFAULT_RECENT_DECISIONS, routes };
}

/** The pack of the rules `serve` loads: their directory, or the directory of the one rule file given. */
function servedPack(options: ServeOptions): ConsolePackOptions {
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
