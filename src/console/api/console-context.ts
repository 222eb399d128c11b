import type { ConsolePack } from './console-pack';

/** What every endpoint is given besides the request body. */
export interface ConsoleContext {
  pack: ConsolePack;
  /** Under `serve --console`: nothing writes rule files. */
  readOnly: boolean;
  mode: 'standalone' | 'serve';
}
