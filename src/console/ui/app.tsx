import { useState } from 'preact/hooks';
import { stringify } from 'yaml';
import { CallTimeline, type CallRequest } from './call-timeline';
import { LiveDecisions } from './live-decisions';
import { DEFAULT_EVENT } from './parse-event';
import { Playground } from './playground';
import { usePack } from './use-pack';

type View = 'playground' | 'live' | 'call';

const VIEWS: { id: View; label: string }[] = [
  { id: 'playground', label: 'Playground' },
  { id: 'live', label: 'Live decisions' },
  { id: 'call', label: 'Call timeline' },
];

/** The console: a header with the views, and the view shown. Every view works on the same edited pack. */
export function App() {
  const state = usePack();
  const [view, setView] = useState<View>('playground');
  const [eventText, setEventText] = useState(() => state.shared?.event || DEFAULT_EVENT);
  const [callRequest, setCallRequest] = useState<CallRequest>({ kind: 'recording', value: '', nonce: 0 });
  // Counts the decisions opened in the playground: each is run there once it is in the event panel.
  const [runRequest, setRunRequest] = useState(0);
  const pack = state.pack;

  if (state.loadError !== undefined)
    return (
      <p class="error" role="alert">
        Cannot load the pack: {state.loadError}
      </p>
    );
  if (pack === undefined) return <p class="loading">Loading the pack…</p>;
  return (
    <div class="console">
      <header>
        <h1>rulehook console</h1>
        <nav class="views" aria-label="views">
          {VIEWS.map((v) => (
            <button type="button" key={v.id} aria-pressed={view === v.id} onClick={() => setView(v.id)}>
              {v.label}
            </button>
          ))}
        </nav>
        <span class="mode">
          {pack.mode === 'serve' ? 'server' : 'standalone'}
          {pack.read_only ? ', read-only' : ''}
        </span>
      </header>
      <main>
        {/* Every view stays mounted: the editor keeps its undo history, the stream keeps its decisions. */}
        <div hidden={view !== 'playground'}>
          <Playground
            pack={pack}
            state={state}
            eventText={eventText}
            onEventText={setEventText}
            runRequest={runRequest}
          />
        </div>
        <div hidden={view !== 'live'}>
          <LiveDecisions
            enabled={pack.mode === 'serve'}
            sessionKey={pack.session_key}
            onOpenInPlayground={(variables) => {
              setEventText(stringify(variables));
              setRunRequest((n) => n + 1);
              setView('playground');
            }}
            onOpenCall={(session) => {
              setCallRequest({ kind: 'decisions', value: session, nonce: callRequest.nonce + 1 });
              setView('call');
            }}
          />
        </div>
        <div hidden={view !== 'call'}>
          <CallTimeline
            recordings={pack.files.filter((f) => f.kind === 'recording').map((f) => f.path)}
            edits={state.edits}
            request={callRequest}
          />
        </div>
      </main>
    </div>
  );
}
