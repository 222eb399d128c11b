import { DEFAULT_SESSION_KEY } from '../processor/rule-processor';
import {
  checkStateSetting,
  DEFAULT_MAX_SESSIONS,
  DEFAULT_STORE_TIMEOUT_MS,
  type StoreSettings,
} from '../session';
import { defineString, parsePositiveInt, type OptionValues } from './options';

/** The options of `rulehook serve` that say where session state is kept, and for how long. */
export const SESSION_OPTIONS = {
  state: defineString({
    value: 'STORE',
    default: 'memory',
    help: 'session state: memory, or redis://host:port/db',
  }),
  'session-key': defineString({
    value: 'KEY',
    default: DEFAULT_SESSION_KEY,
    help: 'variable that identifies a session',
  }),
  'session-ttl': defineString({
    value: 'SECONDS',
    parse: parsePositiveInt,
    default: 3600,
    help: 'forget a session idle this long',
  }),
  'max-sessions': defineString({
    value: 'N',
    parse: parsePositiveInt,
    default: DEFAULT_MAX_SESSIONS,
    help: 'memory store: most sessions kept, least recently used evicted',
  }),
  'state-timeout': defineString({
    value: 'MS',
    parse: parsePositiveInt,
    default: DEFAULT_STORE_TIMEOUT_MS,
    help: 'redis store: longest wait per event before serving it statelessly',
  }),
};

/** The session store asked for, or why `--state` is not one. */
export function checkStoreSettings(
  values: OptionValues<typeof SESSION_OPTIONS>,
): { ok: true; store: StoreSettings } | { ok: false; message: string } {
  const stateError = checkStateSetting(values.state);
  if (stateError !== undefined) return { ok: false, message: stateError };
  return {
    ok: true,
    store: {
      state: values.state,
      ttlMs: values['session-ttl'] * 1000,
      maxSessions: values['max-sessions'],
      timeoutMs: values['state-timeout'],
    },
  };
}
