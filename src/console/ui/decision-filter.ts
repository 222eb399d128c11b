import type { Decision } from './types';

export type Outcome = 'any' | 'fired' | 'none' | 'error';

export interface DecisionFilter {
  session: string;
  event: string;
  rule: string;
  outcome: Outcome;
}

export const NO_FILTER: DecisionFilter = { session: '', event: '', rule: '', outcome: 'any' };

/** The decision's session: the value of the pack's session key (`GET /console/api/pack`'s `session_key`). */
export const sessionOf = (d: Decision, sessionKey: string) => d.session_variables?.[sessionKey] ?? '';
export const eventOf = (d: Decision) => d.session_variables?.['state.currentEvent'] ?? '';

/** Decisions are the same when their request id and time are (the recent list and the stream overlap). */
export const keyOf = (d: Decision) => `${d.request_id ?? ''}@${d.time ?? ''}`;

const contains = (text: string, part: string) => text.toLowerCase().includes(part.trim().toLowerCase());

/**
 * Texts match anywhere, in any case. Outcome `fired`: a rule fired; `none`: none did; `error`: the answer's
 * result_code is not 200 (the fail policy answered).
 */
export function matchesFilter(d: Decision, filter: DecisionFilter, sessionKey: string): boolean {
  const fired = d.fired ?? [];
  if (!contains(sessionOf(d, sessionKey), filter.session) || !contains(eventOf(d), filter.event))
    return false;
  if (filter.rule.trim() !== '' && !fired.some((rule) => contains(rule, filter.rule))) return false;
  switch (filter.outcome) {
    case 'fired':
      return fired.length > 0;
    case 'none':
      return fired.length === 0;
    case 'error':
      return (d.response?.result_code ?? 200) !== 200;
    default:
      return true;
  }
}
