import { useState } from 'preact/hooks';
import { stringify } from 'yaml';
import { callApi } from './api';
import type { CallResult, Edits, EngineSettings, PackFile, PlannedTest } from './types';

/** A call to pick from: a session of a recording, or a test (a case) of a scenario test file. */
interface PickableCall {
  name: string;
  events: { event: string; variables: Record<string, string> }[];
  /** The engine settings its events run with: a test file's `engine:`; none for a recording. */
  engine?: EngineSettings;
}

interface Props {
  files: PackFile[];
  edits: Edits;
  /** The variable naming an event's session: a recording's calls are told apart by it. */
  sessionKey: string;
  /**
   * The picked event (a mapping) or call (a list), as the event panel's text, and the engine settings to
   * run it with (a test file's; undefined: the defaults).
   */
  onPick: (text: string, engine: EngineSettings | undefined) => void;
}

const byEvent = (variables: Record<string, string>) => ({
  event: variables['state.currentEvent'] ?? '',
  variables,
});

/**
 * The calls of a recording, one per session, each event as the engine raised it (the `call` endpoint, which
 * reads recordings as `rulehook replay` does), or the tests of a scenario test file as `rulehook test`
 * raises them (`test-events`), with the engine settings of the file.
 */
async function loadCalls(file: PackFile, edits: Edits, sessionKey: string) {
  if (file.kind === 'recording') {
    const answer = await callApi<CallResult>('call', { source: { recording: file.path } });
    if (!answer.ok) return answer;
    const sessions = new Map<string, PickableCall>();
    for (const event of answer.body.events) {
      const variables = (event.variables ?? {}) as Record<string, string>;
      const session = variables[sessionKey] ?? '';
      if (!sessions.has(session)) sessions.set(session, { name: session, events: [] });
      sessions.get(session)!.events.push(byEvent(variables));
    }
    return { ok: true as const, calls: [...sessions.values()] };
  }
  const answer = await callApi<{ tests: PlannedTest[] }>('test-events', { file: file.path, files: edits });
  if (!answer.ok) return answer;
  const calls = answer.body.tests.map((t) => ({
    name: t.name,
    events: t.events.map(byEvent),
    engine: t.engine,
  }));
  return { ok: true as const, calls };
}

/** Fills the event panel from a recording of the pack or a scenario test file: one event, or a whole call. */
export function EventPicker({ files, edits, sessionKey, onPick }: Props) {
  const sources = files.filter((f) => f.kind === 'recording' || f.kind === 'test');
  const [source, setSource] = useState('');
  const [calls, setCalls] = useState<PickableCall[]>([]);
  const [error, setError] = useState<string>();
  if (sources.length === 0) return null;

  const choose = async (path: string) => {
    setSource(path);
    setCalls([]);
    setError(undefined);
    const file = sources.find((f) => f.path === path);
    if (file === undefined) return;
    const loaded = await loadCalls(file, edits, sessionKey);
    if (loaded.ok) setCalls(loaded.calls);
    else setError(loaded.message);
  };
  const pick = (value: string) => {
    const [call, event] = value.split(':').map(Number);
    const picked = calls[call!];
    if (picked === undefined) return;
    if (event === -1) onPick(stringify(picked.events.map((e) => e.variables)), picked.engine);
    else if (picked.events[event!] !== undefined)
      onPick(stringify(picked.events[event!]!.variables), picked.engine);
  };

  return (
    <div class="event-picker">
      <label>
        From
        <select
          data-testid="event-source"
          value={source}
          onChange={(e) => void choose(e.currentTarget.value)}
        >
          <option value="">a recording or a test file…</option>
          {sources.map((f) => (
            <option key={f.path} value={f.path}>
              {f.path}
            </option>
          ))}
        </select>
      </label>
      {calls.length > 0 && (
        <label>
          Event
          <select data-testid="event-pick" value="" onChange={(e) => pick(e.currentTarget.value)}>
            <option value="">pick an event or a whole call…</option>
            {calls.map((call, c) => (
              <optgroup key={c} label={call.name}>
                <option value={`${c}:-1`}>
                  whole call ({call.events.length} event{call.events.length === 1 ? '' : 's'})
                </option>
                {call.events.map((e, i) => (
                  <option key={i} value={`${c}:${i}`}>
                    {`${i + 1}. ${e.event}`}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </label>
      )}
      {error !== undefined && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
