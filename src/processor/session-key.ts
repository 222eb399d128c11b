/** The variable that identifies a session by default (configurable: `--session-key`). */
export const DEFAULT_SESSION_KEY = 'state.sessionId';
