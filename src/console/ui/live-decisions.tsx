import { useState } from 'preact/hooks';
import { formatJson } from './format-json';
import { eventOf, matchesFilter, NO_FILTER, sessionOf, type Outcome } from './decision-filter';
import type { Decision } from './types';
import { useDecisions } from './use-decisions';

interface Props {
  /** Decisions exist only under `rulehook serve --console`; standalone, the view says so. */
  enabled: boolean;
  /** The variable naming a decision's session (`GET /console/api/pack`'s `session_key`). */
  sessionKey: string;
  onOpenInPlayground: (variables: Record<string, string>) => void;
  onOpenCall: (sessionId: string) => void;
}

/** The decisions of the running server as they are made (masked as the decision log masks them). */
export function LiveDecisions({ enabled, sessionKey, onOpenInPlayground, onOpenCall }: Props) {
  const stream = useDecisions(enabled);
  const [filter, setFilter] = useState(NO_FILTER);
  if (!enabled)
    return (
      <section class="live-view" aria-label="live decisions">
        <p class="hint">
          Live decisions are those of a running server: start it with <code>rulehook serve --console</code>.
        </p>
        <ul data-testid="live-decisions" />
      </section>
    );
  const shown = stream.decisions.filter((d) => matchesFilter(d, filter, sessionKey));
  const field = (key: 'session' | 'event' | 'rule', label: string) => (
    <label>
      {label}
      <input value={filter[key]} onInput={(e) => setFilter({ ...filter, [key]: e.currentTarget.value })} />
    </label>
  );
  return (
    <section class="live-view" aria-label="live decisions">
      <form class="filters" onSubmit={(e) => e.preventDefault()}>
        {field('session', 'Session')}
        {field('event', 'Event')}
        {field('rule', 'Rule')}
        <label>
          Outcome
          <select
            value={filter.outcome}
            onChange={(e) => setFilter({ ...filter, outcome: e.currentTarget.value as Outcome })}
          >
            <option value="any">any</option>
            <option value="fired">a rule fired</option>
            <option value="none">no rule fired</option>
            <option value="error">not result_code 200</option>
          </select>
        </label>
        <button type="button" data-testid="pause-decisions" onClick={() => stream.setPaused(!stream.paused)}>
          {stream.paused ? `Resume (${stream.waiting} waiting)` : 'Pause'}
        </button>
        <span class={`status ${stream.status}`}>{stream.status}</span>
        {stream.dropped > 0 && (
          <span class="hint">{stream.dropped} decisions dropped (the page read too slowly)</span>
        )}
      </form>
      <ul class="decisions" data-testid="live-decisions">
        {shown.map((d) => (
          <DecisionRow
            key={`${d.request_id}@${d.time}`}
            decision={d}
            {...{ sessionKey, onOpenInPlayground, onOpenCall }}
          />
        ))}
      </ul>
    </section>
  );
}

function DecisionRow({
  decision,
  sessionKey,
  onOpenInPlayground,
  onOpenCall,
}: { decision: Decision } & Omit<Props, 'enabled'>) {
  const fired = decision.fired ?? [];
  const session = sessionOf(decision, sessionKey);
  return (
    <li data-session={session} data-event={eventOf(decision)}>
      <time>{decision.time?.slice(11, 23)}</time> <code>{session}</code> <b>{eventOf(decision)}</b>{' '}
      <span class="fired">{fired.length === 0 ? 'no rule fired' : fired.join(', ')}</span>{' '}
      <span class="code">{decision.response?.result_code}</span>
      <button type="button" onClick={() => onOpenInPlayground(decision.session_variables ?? {})}>
        Open in playground
      </button>
      <button type="button" onClick={() => onOpenCall(session)}>
        Call timeline
      </button>
      <details class="decision-variables">
        <summary>variables</summary>
        <pre>{formatJson(decision.session_variables ?? {})}</pre>
      </details>
    </li>
  );
}
