import { formatJson } from './format-json';
import type { CallEvent } from './types';

interface Props {
  event: CallEvent;
  /** The same event through the edited rules, when the page has edits. */
  edited: CallEvent | undefined;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** One event of a call: sent or filtered, the rules that fired, what the answer did; and what the edits change. */
export function CallEventRow({ event, edited }: Props) {
  const changed =
    edited !== undefined &&
    (edited.sent !== event.sent ||
      !same(edited.fired, event.fired) ||
      !same(edited.response, event.response));
  return (
    <li
      data-sent={String(event.sent)}
      data-changed={String(changed)}
      class={event.sent ? 'sent' : 'filtered'}
    >
      <p class="headline">
        <span class="seq">#{event.seq}</span> <b>{event.event}</b>{' '}
        {event.sent ? 'sent' : `filtered: ${event.reason ?? ''}${event.entry ? ` (${event.entry})` : ''}`}
        {event.sent && (
          <span class="fired">
            {' '}
            — {(event.fired ?? []).length === 0 ? 'no rule fired' : event.fired!.join(', ')}
          </span>
        )}
      </p>
      {changed && (
        <p class="changed">
          with your edits: {edited.sent ? 'sent' : `filtered (${edited.reason ?? ''})`}
          {edited.sent && `, fired ${(edited.fired ?? []).join(', ') || 'nothing'}`}
          {!same(edited.response, event.response) && ', another response'}
        </p>
      )}
      <details>
        <summary>details</summary>
        <dl>
          <dt>delta</dt>
          <dd>{formatJson(event.delta)}</dd>
          <dt>operations</dt>
          <dd>
            <pre>{formatJson(event.operations)}</pre>
          </dd>
          <dt>node overrides</dt>
          <dd>
            <pre>{formatJson(event.node_overrides)}</pre>
          </dd>
          <dt>response</dt>
          <dd>
            <pre>{formatJson(event.response)}</pre>
          </dd>
          {changed && (
            <>
              <dt>response with your edits</dt>
              <dd>
                <pre>{formatJson(edited.response)}</pre>
              </dd>
            </>
          )}
        </dl>
      </details>
    </li>
  );
}
