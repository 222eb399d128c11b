import { DEFAULT_SESSION_KEY } from '../../../../processor/session-key';
import { checkStateSetting, type StoreSettings } from '../../../../session/create-store';
import {
  DEFAULT_MAX_SESSIONS,
  DEFAULT_MAX_STATE_BYTES,
  DEFAULT_STORE_TIMEOUT_MS,
} from '../../../../session/session-store';
import type { CliIO } from '../../../../terminal/command-io';
import { defineString, type OptionValues } from '../../../options/define-options';
import { parsePositiveInt } from '../../../options/parse-values';

/** Where `--state-secret` is read from when the flag is not given (the environment does not show in `ps`). */
export const STATE_SECRET_ENV = 'RULEHOOK_STATE_SECRET';

/** The options of `rulehook serve` that say where session state is kept, and for how long. */
export const SESSION_OPTIONS = {
  state: defineString({
    value: 'STORE',
    default: 'memory',
    help: 'fallback store of session state: memory, none (carried state only), or redis://host:port/db',
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
  'max-state-bytes': defineString({
    value: 'N',
    parse: parsePositiveInt,
    default: DEFAULT_MAX_STATE_BYTES,
    helpDefault: '268435456, 256 MiB',
    help: 'memory store: most bytes of session state kept, least recently used evicted',
  }),
  'state-timeout': defineString({
    value: 'MS',
    parse: parsePositiveInt,
    default: DEFAULT_STORE_TIMEOUT_MS,
    help: 'redis store: longest wait for the store before answering an event from what it carries',
  }),
  'state-secret': defineString({
    value: 'KEY',
    helpDefault: `$${STATE_SECRET_ENV}, else none`,
    help: 'key of the fingerprints of `changed` and of the state seal, the same in every process',
  }),
};

/** The session store asked for and the fingerprints' key, or why `--state` is not one. */
export function checkStoreSettings(
  values: OptionValues<typeof SESSION_OPTIONS>,
  io: CliIO,
): { ok: true; store: StoreSettings; stateSecret: string | undefined } | { ok: false; message: string } {
  const stateError = checkStateSetting(values.state);
  if (stateError !== undefined) return { ok: false, message: stateError };
  if (values['state-secret'] === '') return { ok: false, message: '--state-secret must not be empty' };
  const envSecret = io.env[STATE_SECRET_ENV];
  return {
    ok: true,
    stateSecret: values['state-secret'] ?? (envSecret === '' ? undefined : envSecret),
    store: {
      state: values.state,
      ttlMs: values['session-ttl'] * 1000,
      maxSessions: values['max-sessions'],
      maxBytes: values['max-state-bytes'],
      timeoutMs: values['state-timeout'],
    },
  };
}
