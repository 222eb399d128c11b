import { formatJson, formatWhy } from './format-json';
import type { EventOutcome } from './types';

/** What the engine would do with one event: sent or filtered and why, the delta, the rules, the response. */
export function EventResult({ result }: { result: EventOutcome }) {
  const notFired = (result.rules ?? []).filter((rule) => !rule.fired);
  return (
    <div class="event-result">
      <p
        class={`sent ${result.sent ? 'yes' : 'no'}`}
        data-testid="event-sent"
        data-sent={String(result.sent)}
      >
        {result.sent
          ? 'sent to the webhook'
          : `filtered by the engine: ${result.reason ?? 'unknown'}${result.entry ? ` (${result.entry})` : ''}`}
      </p>
      <h3>Delta</h3>
      <pre class="delta" data-testid="delta">
        {formatJson(result.delta)}
      </pre>
      <h3>Fired rules</h3>
      <ul class="fired-rules" data-testid="fired-rules">
        {(result.fired ?? []).map((rule) => (
          <li key={rule} data-rule={rule}>
            {rule}
            {explain(result, rule)}
          </li>
        ))}
      </ul>
      {result.sent && (result.fired ?? []).length === 0 && <p class="none">no rule fired</p>}
      {notFired.length > 0 && (
        <details class="not-fired">
          <summary>Why the other rules did not fire ({notFired.length})</summary>
          <ul data-testid="not-fired-rules">
            {notFired.map((rule) => (
              <li key={rule.id} data-rule={rule.id}>
                <code>{rule.id}</code>: {formatWhy(rule.why)}
              </li>
            ))}
          </ul>
        </details>
      )}
      <h3>Response</h3>
      <pre class="response" data-testid="response">
        {formatJson(result.response)}
      </pre>
    </div>
  );
}

function explain(result: EventOutcome, id: string) {
  const rule = result.rules?.find((r) => r.id === id);
  return rule === undefined ? null : <span class="why">: {formatWhy(rule.why)}</span>;
}
