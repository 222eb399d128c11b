import { useEffect, useState } from 'preact/hooks';
import { callApi } from './api';
import { CallEventRow } from './call-event-row';
import { parseEvents } from './parse-event';
import { SandboxSessions } from './sandbox-sessions';
import type { CallResult, CallSource, Edits } from './types';

export type SourceKind = 'recording' | 'sandbox' | 'decisions' | 'events';

/** What the form holds; `nonce` changes when another view asks for a call to be shown at once. */
export interface CallRequest {
  kind: SourceKind;
  value: string;
  /** A sandbox call's sandbox. */
  url?: string;
  /** The session of a recording to show; without, every event of the recording. */
  session?: string;
  nonce: number;
}

interface Props {
  recordings: string[];
  edits: Edits;
  request: CallRequest;
}

function toSource(request: CallRequest): { ok: true; source: CallSource } | { ok: false; message: string } {
  switch (request.kind) {
    case 'recording':
      return {
        ok: true,
        source: { recording: request.value, ...(request.session ? { session_id: request.session } : {}) },
      };
    case 'sandbox':
      return { ok: true, source: { sandbox: { url: request.url ?? '', call_session_id: request.value } } };
    case 'decisions':
      return { ok: true, source: { decisions: request.value } };
    default: {
      const parsed = parseEvents(request.value);
      return parsed.ok ? { ok: true, source: { events: parsed.events } } : parsed;
    }
  }
}

/** A whole call, event by event, through the rules on disk, and through the edited rules when there are edits. */
export function CallTimeline({ recordings, edits, request: asked }: Props) {
  const [request, setRequest] = useState(asked);
  const [result, setResult] = useState<CallResult>();
  const [error, setError] = useState<string>();
  const edited = Object.keys(edits).length > 0;

  const show = async (current: CallRequest) => {
    const source = toSource(current);
    if (!source.ok) return setError(source.message);
    setError(undefined);
    const answer = await callApi<CallResult>('call', {
      source: source.source,
      ...(edited ? { files: edits } : {}),
    });
    if (answer.ok) setResult(answer.body);
    else setError(answer.message);
  };
  useEffect(() => {
    setRequest(asked);
    if (asked.value !== '') void show(asked);
  }, [asked.nonce]);

  const set = (change: Partial<CallRequest>) => setRequest({ ...request, ...change });
  return (
    <section class="call-view" aria-label="call timeline">
      <form class="call-source" onSubmit={(e) => (e.preventDefault(), void show(request))}>
        <label>
          Source
          <select value={request.kind} onChange={(e) => set({ kind: e.currentTarget.value as SourceKind })}>
            <option value="recording">a recording of the pack</option>
            <option value="decisions">a session of the live decisions</option>
            <option value="sandbox">a sandbox call</option>
            <option value="events">events (YAML or JSON list)</option>
          </select>
        </label>
        {request.kind === 'recording' && (
          <label>
            Session id (optional)
            <input value={request.session ?? ''} onInput={(e) => set({ session: e.currentTarget.value })} />
          </label>
        )}
        {request.kind === 'sandbox' && (
          <label>
            Sandbox URL
            <input value={request.url ?? ''} onInput={(e) => set({ url: e.currentTarget.value })} />
          </label>
        )}
        {request.kind === 'sandbox' && (
          <SandboxSessions url={request.url ?? ''} onPick={(id) => set({ value: id })} />
        )}
        {request.kind === 'events' ? (
          <textarea
            aria-label="events"
            value={request.value}
            onInput={(e) => set({ value: e.currentTarget.value })}
          />
        ) : (
          <label>
            {request.kind === 'recording'
              ? 'Recording'
              : request.kind === 'sandbox'
                ? 'Call session id'
                : 'Session id'}
            <input
              list="recordings"
              value={request.value}
              onInput={(e) => set({ value: e.currentTarget.value })}
            />
          </label>
        )}
        <datalist id="recordings">
          {recordings.map((path) => (
            <option key={path} value={path} />
          ))}
        </datalist>
        <button type="submit" class="primary" data-testid="show-call">
          Show the call
        </button>
        {edited && <span class="hint">compared with your edited rules</span>}
      </form>
      {error !== undefined && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <ol class="timeline" data-testid="call-timeline">
        {(result?.events ?? []).map((event, index) => (
          <CallEventRow key={event.seq} event={event} edited={result?.against_edited?.[index]} />
        ))}
      </ol>
    </section>
  );
}
