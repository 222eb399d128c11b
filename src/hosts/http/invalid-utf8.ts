import { decodeEventJson } from '../../contract/event-json';
import type { HttpError } from './errors';

const REPLACEMENT = '\uFFFD';

/**
 * Explains a body that is not valid UTF-8, naming the session variable whose key
 * or value holds the bad bytes when the body is otherwise a readable Event, so
 * the HTTP host reports it exactly as the gRPC host does. Error path only.
 */
export function explainInvalidUtf8(bytes: Buffer): HttpError {
  const base: HttpError = {
    status: 400,
    code: 'INVALID_ARGUMENT',
    message: 'request body is not valid UTF-8',
  };
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: false }).decode(bytes));
  } catch {
    return base;
  }
  const decoded = decodeEventJson(parsed);
  if (!decoded.ok) return base;
  for (const [key, value] of Object.entries(decoded.value.session_variables)) {
    if (key.includes(REPLACEMENT)) {
      return {
        ...base,
        field: 'session_variables',
        message: `a key is not valid UTF-8 (read as ${JSON.stringify(key)})`,
      };
    }
    if (value.includes(REPLACEMENT)) {
      return {
        ...base,
        field: `session_variables[${JSON.stringify(key)}]`,
        message: 'value is not valid UTF-8',
      };
    }
  }
  return base;
}
