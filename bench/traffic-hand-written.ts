/**
 * The traffic pack (traffic-pack.ts) as a team would write it by hand on
 * `node:http`, without rulehook: the same five rules on each of the ten
 * events, `once`, `changed` and the filter kept per call in a `Map`. Nothing
 * of rulehook runs here; the server around it is traffic-hand-written-server.ts.
 * The event names are the pack's list, shared so that the two cannot drift apart.
 */
import { TRAFFIC_EVENTS } from './traffic-pack';

type Variables = Record<string, string>;

interface Update {
  key: string;
  value: string;
}

/** The answer, with empty lists left out as rulehook's JSON answer leaves them out. */
export interface HandWrittenAnswer {
  result_code: 200;
  session_variable_updates?: Update[];
  event_filter?: { keys_to_ignore: string[] };
}

/** What the webhook remembers of a call between its events. */
interface Call {
  /** `event/rule` of the `once` rules that fired. */
  once: Set<string>;
  /** The `verify.*` variables of the previous event received, or undefined when it had none. */
  verify: string | undefined;
  /** The filter sent to the engine so far: it holds for the rest of the call. */
  filterKeys: string[];
}

const EVENTS: ReadonlySet<string> = new Set(TRAFFIC_EVENTS);

const QUIET_FILTER = ['audio.lastChunkId', 'audio.chunkCount'];

/** The `verify.*` variables as one comparable text (sorted, as the engine's key order is not stable). */
function snapshotVerify(v: Variables): string | undefined {
  const keys: string[] = [];
  for (const key in v) if (key.startsWith('verify.')) keys.push(key);
  return keys.length === 0 ? undefined : JSON.stringify(keys.sort().map((key) => [key, v[key]]));
}

/** Adds the entries to the call's filter; true when that changed it (the engine must be sent the whole filter). */
function widenFilter(call: Call, keys: readonly string[]): boolean {
  const missing = keys.filter((key) => !call.filterKeys.includes(key));
  call.filterKeys.push(...missing);
  return missing.length > 0;
}

/**
 * A webhook answering one event at a time. Calls are kept by
 * `state.sessionId`, at most `maxSessions` of them: past that the one idle
 * the longest is forgotten (a Map keeps insertion order; a call is moved to
 * the end on each event). An event without a session id is a call's first.
 */
export function createHandWrittenWebhook(maxSessions: number): (v: Variables) => HandWrittenAnswer {
  const calls = new Map<string, Call>();

  const findCall = (id: string | undefined): Call => {
    const fresh = (): Call => ({ once: new Set(), verify: undefined, filterKeys: [] });
    if (id === undefined) return fresh();
    const call = calls.get(id) ?? fresh();
    calls.delete(id);
    calls.set(id, call);
    if (calls.size > maxSessions) calls.delete(calls.keys().next().value as string);
    return call;
  };

  return (v) => {
    const call = findCall(v['state.sessionId']);
    const verify = snapshotVerify(v);
    const verifyChanged = verify !== call.verify;
    call.verify = verify;
    const event = v['state.currentEvent'] ?? '';
    if (!EVENTS.has(event)) return { result_code: 200 };

    const note = `${event} at ${v['audio.netSeconds'] ?? '0'}s`;
    const updates: Update[] = [];
    let filterChanged = false;
    if (v['traffic.greet'] === 'yes' && !call.once.has(`${event}/greet`)) {
      call.once.add(`${event}/greet`);
      updates.push({ key: 'traffic.greet', value: note });
    }
    if (verifyChanged) updates.push({ key: 'traffic.verify-moved', value: note });
    if (v['traffic.quiet'] === 'yes' || v['traffic.quiet'] === 'maybe') {
      updates.push({ key: 'traffic.quiet-audio', value: note });
      filterChanged = widenFilter(call, QUIET_FILTER);
    }
    if (Number(v['traffic.risk']) > 0.5) updates.push({ key: 'traffic.risky', value: note });
    if (v['call.ani']?.startsWith('+44')) updates.push({ key: 'traffic.uk-caller', value: note });

    const answer: HandWrittenAnswer = { result_code: 200 };
    if (updates.length > 0) answer.session_variable_updates = updates;
    if (filterChanged) answer.event_filter = { keys_to_ignore: [...call.filterKeys] };
    return answer;
  };
}
