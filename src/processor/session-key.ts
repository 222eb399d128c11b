import { SESSION_ID_KEY, type SessionVariables } from '../contract/types';

/** The variable that identifies a session by default (configurable: `--session-key`). */
export const DEFAULT_SESSION_KEY = SESSION_ID_KEY;

/** The longest session id, in UTF-16 code units (what `String.length` counts). */
export const MAX_SESSION_ID_LENGTH = 256;

/** C0 and C1 control characters and DEL: never part of an id, and what would garble a log line or a key. */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

/** Why an event's session id cannot identify its call; absent when it can. */
export type UnusableSessionId = 'missing' | 'too-long' | 'control-character' | 'unpaired-surrogate';

/**
 * The id of the call an event belongs to, or why there is none: the value of
 * the session key, when it is 1 to 256 characters of text without control
 * characters or unpaired surrogates (docs/state.md, "Session ids"). Such an id
 * names one call everywhere it is used (a store key, a seal, a log line); an
 * event without one keeps no state between events.
 */
export function readSessionId(
  variables: SessionVariables,
  key: string,
): { id: string; unusable?: UnusableSessionId } {
  const id = variables[key];
  if (typeof id !== 'string' || id === '') return { id: '', unusable: 'missing' };
  if (id.length > MAX_SESSION_ID_LENGTH) return { id: '', unusable: 'too-long' };
  if (hasControlCharacter(id)) return { id: '', unusable: 'control-character' };
  if (!id.isWellFormed()) return { id: '', unusable: 'unpaired-surrogate' };
  return { id };
}
