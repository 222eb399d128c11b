import type { EngineModel } from '../../filter/engine-model';
import type { ConsolePack } from './console-pack';
import type { DecisionFeed } from './decision-feed';

/** What every endpoint is given besides the request body. */
export interface ConsoleContext {
  pack: ConsolePack;
  /** Under `serve --console`: nothing writes rule files. */
  readOnly: boolean;
  mode: 'standalone' | 'serve';
  /** The live decisions of `serve --console`; absent for the console on its own. */
  decisions?: DecisionFeed | undefined;
  /** The variable naming an event's session (serve's `--session-key`); default `state.sessionId`. */
  sessionKey?: string | undefined;
  /** The engine model calls are run with (serve's `--own-updates`); default the model's defaults. */
  engine?: EngineModel | undefined;
}
