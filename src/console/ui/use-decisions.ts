import { useEffect, useRef, useState } from 'preact/hooks';
import { callApi, toApiPath } from './api';
import { keyOf } from './decision-filter';
import type { Decision } from './types';

/** The decisions the page keeps, newest first; older ones are dropped (the server's recent list is bounded too). */
const KEEP = 500;

export interface DecisionStream {
  decisions: Decision[];
  status: 'connecting' | 'live' | 'reconnecting';
  paused: boolean;
  waiting: number;
  /** Decisions the server did not send this page because it read too slowly. */
  dropped: number;
  setPaused: (paused: boolean) => void;
}

function merge(current: Decision[], incoming: Decision[]): Decision[] {
  const seen = new Set(current.map(keyOf));
  const fresh = incoming.filter((d) => !seen.has(keyOf(d))).reverse();
  return [...fresh, ...current].slice(0, KEEP);
}

/** The server's recent decisions, then each new one as the stream sends it; paused, new ones wait. */
export function useDecisions(enabled: boolean): DecisionStream {
  const [decisions, setDecisions] = useState<Decision[]>([]);
  const [status, setStatus] = useState<DecisionStream['status']>('connecting');
  const [paused, setPausedState] = useState(false);
  const [waiting, setWaiting] = useState<Decision[]>([]);
  const [dropped, setDropped] = useState(0);
  const pausedRef = useRef(false);

  useEffect(() => {
    if (!enabled) return;
    const add = (incoming: Decision[]) =>
      pausedRef.current
        ? setWaiting((w) => [...w, ...incoming])
        : setDecisions((current) => merge(current, incoming));
    const source = new EventSource(toApiPath('decisions'));
    source.onopen = () => setStatus('live');
    source.onerror = () => setStatus('reconnecting');
    source.addEventListener('decision', (event) => add([JSON.parse((event as MessageEvent<string>).data)]));
    source.addEventListener('dropped', (event) => {
      const count = (JSON.parse((event as MessageEvent<string>).data) as { count?: number }).count ?? 0;
      setDropped((n) => n + count);
    });
    void callApi<Decision[] | { decisions: Decision[] }>('decisions/recent').then((answer) => {
      if (answer.ok) add(Array.isArray(answer.body) ? answer.body : answer.body.decisions);
    });
    return () => source.close();
  }, [enabled]);

  const setPaused = (next: boolean) => {
    pausedRef.current = next;
    setPausedState(next);
    if (!next) {
      setDecisions((current) => merge(current, waiting));
      setWaiting([]);
    }
  };

  return { decisions, status, paused, waiting: waiting.length, dropped, setPaused };
}
