import { SESSION_STATES, type SessionFilter, type SessionState } from '../flow/session-summary';

export type ParsedSessionQuery =
  { ok: true; filter: SessionFilter } | { ok: false; parameter: string; message: string };

const TEXT_PARAMETERS = { call_id: 'callId', person_id: 'personId', recording_id: 'recordingId' } as const;
/** The yes/no filters: whether the session is decided, whether any of its webhook calls failed. */
const FLAG_PARAMETERS = { decided: 'decided', webhook_failed: 'webhookFailed' } as const;
const PARAMETERS = [...Object.keys(TEXT_PARAMETERS), 'state', ...Object.keys(FLAG_PARAMETERS)];

/**
 * The filter of `GET /v1/sandbox/sessions` from its query: `call_id`, `person_id`, `recording_id` (exact,
 * not empty), `state` (`live` or `ended`), `decided` and `webhook_failed` (`true` or `false`), each at most once. Anything else is
 * refused, naming the parameter: a filter that is silently ignored would list sessions it should not.
 */
export function parseSessionQuery(query: URLSearchParams): ParsedSessionQuery {
  const filter: SessionFilter = {};
  for (const name of new Set(query.keys())) {
    if (!PARAMETERS.includes(name))
      return refuse(name, `unknown query parameter '${name}': the filters are ${PARAMETERS.join(', ')}`);
    const values = query.getAll(name);
    if (values.length > 1) return refuse(name, `${name} is given ${values.length} times: give it once`);
    const value = values[0]!;
    if (name === 'state') {
      if (!SESSION_STATES.includes(value as SessionState))
        return refuse(name, `state must be ${SESSION_STATES.join(' or ')}, not '${value}'`);
      filter.state = value as SessionState;
    } else if (name in FLAG_PARAMETERS) {
      if (value !== 'true' && value !== 'false')
        return refuse(name, `${name} must be true or false, not '${value}'`);
      filter[FLAG_PARAMETERS[name as keyof typeof FLAG_PARAMETERS]] = value === 'true';
    } else {
      if (value === '') return refuse(name, `${name} is empty: give the value to match`);
      filter[TEXT_PARAMETERS[name as keyof typeof TEXT_PARAMETERS]] = value;
    }
  }
  return { ok: true, filter };
}

const refuse = (parameter: string, message: string): ParsedSessionQuery => ({
  ok: false,
  parameter,
  message,
});
