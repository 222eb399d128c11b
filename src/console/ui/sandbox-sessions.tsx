import { useState } from 'preact/hooks';
import { callApi } from './api';
import type { SandboxSession } from './types';

interface Props {
  /** The sandbox's HTTP base URL, as typed in the call form. */
  url: string;
  /** The session picked: the call to show is its call_session_id. */
  onPick: (callSessionId: string) => void;
}

const describeSession = (s: SandboxSession) =>
  [
    s.call_id,
    s.person_id ?? 'no person yet',
    s.state,
    s.decision === null ? 'undecided' : s.decision.decision,
  ].join(' · ');

/** "Load sessions": the sessions the sandbox at `url` holds (`sandbox-sessions`), to pick a call from. */
export function SandboxSessions({ url, onPick }: Props) {
  const [sessions, setSessions] = useState<SandboxSession[]>();
  const [picked, setPicked] = useState('');
  const [error, setError] = useState<string>();

  const load = async () => {
    setError(undefined);
    const answer = await callApi<{ sessions: SandboxSession[] }>('sandbox-sessions', { url });
    if (!answer.ok) return setError(answer.message);
    setSessions(answer.body.sessions);
    setPicked('');
  };
  const pick = (id: string) => {
    setPicked(id);
    if (id !== '') onPick(id);
  };

  return (
    <>
      <button type="button" data-testid="load-sandbox-sessions" onClick={() => void load()}>
        Load sessions
      </button>
      {sessions !== undefined && (
        <label>
          Sandbox session
          <select data-testid="sandbox-sessions" value={picked} onChange={(e) => pick(e.currentTarget.value)}>
            <option value="">
              {sessions.length === 0 ? 'the sandbox has no session' : 'pick a session…'}
            </option>
            {sessions.map((s) => (
              <option key={s.call_session_id} value={s.call_session_id}>
                {describeSession(s)}
              </option>
            ))}
          </select>
        </label>
      )}
      {error !== undefined && (
        <span class="error" role="alert">
          {error}
        </span>
      )}
    </>
  );
}
