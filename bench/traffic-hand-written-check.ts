import { isDeepStrictEqual } from 'node:util';
import { postTrafficEvent, primeSessions } from './traffic-check';
import { trafficVariables } from './traffic-pack';
import { startHandWritten, type ServerProcess } from './traffic-servers';
import { HTTP_TRANSPORT, IN_FLIGHT } from './traffic-transports';
import { check } from './suite';

type Variables = Record<string, string>;

/** Calls of the check: past the primed ones, both parities of the pack's flags, both `verify.decision`s. */
const CHECK_SESSIONS = [900_000, 900_001, 900_002, 900_003];
const HEARTBEAT = 'HEARTBEAT';

/**
 * The steps of each call: the event (an index of TRAFFIC_EVENTS, or an event
 * no rule is `on`) and how its `verify.*` variables differ from the pack's.
 * Calls are interleaved step by step, as the engine interleaves them.
 */
const STEPS: readonly { event: number | typeof HEARTBEAT; edit?: (v: Variables) => void }[] = [
  { event: 0 },
  { event: 1 },
  { event: 1 },
  // Changed on an event no rule is `on`: the next event compares with it, not with the one before.
  { event: HEARTBEAT, edit: (v) => (v['verify.score'] = '0.9') },
  { event: 2, edit: (v) => (v['verify.score'] = '0.9') },
  { event: 3, edit: (v) => (v['verify.score'] = '0.4') },
  { event: 3, edit: (v) => delete v['verify.decision'] },
  { event: 9, edit: (v) => (v['verify.extra'] = 'x') },
];

/** The same variables in the reverse order: the engine's key order is not stable. */
function reverseKeys(v: Variables): Variables {
  return Object.fromEntries(Object.entries(v).reverse());
}

function checkEvents(): Variables[] {
  const events: Variables[] = [];
  STEPS.forEach((step, s) =>
    CHECK_SESSIONS.forEach((session, c) => {
      let v = trafficVariables(session, step.event === HEARTBEAT ? 0 : step.event);
      if (step.event === HEARTBEAT) v['state.currentEvent'] = HEARTBEAT;
      step.edit?.(v);
      if ((s + c) % 3 === 0) v = reverseKeys(v);
      events.push(v);
    }),
  );
  // Without a session id: each is the first event of its call, twice.
  for (let i = 0; i < 2; i++) {
    const v = trafficVariables(CHECK_SESSIONS[0] as number, 1);
    delete v['state.sessionId'];
    events.push(v);
  }
  return events;
}

interface Answer {
  result_code?: number;
  actions_to_perform?: unknown[];
  session_variable_updates?: { key: string; value: string }[];
  nodes_to_override?: unknown[];
  event_filter?: { keys_to_ignore?: string[]; values_to_ignore?: object; events_to_ignore?: string[] };
}

/** What the engine acts on, rulehook's own `rulehook.*` updates (its carried state) left out. */
function describeAnswer(answer: Answer): object {
  const filter = answer.event_filter;
  return {
    result_code: answer.result_code,
    actions: answer.actions_to_perform ?? [],
    updates: (answer.session_variable_updates ?? []).filter((u) => !u.key.startsWith('rulehook.')),
    nodes: answer.nodes_to_override ?? [],
    filter: filter && {
      keys: filter.keys_to_ignore ?? [],
      values: filter.values_to_ignore ?? {},
      events: filter.events_to_ignore ?? [],
    },
  };
}

/**
 * Fails the run unless the hand-written webhook answers a sequence of events
 * of several calls exactly as rulehook does (operations, updates, node
 * overrides, filter), and the sequence made every rule of the pack fire,
 * `changed` after a call's first event, and sent a filter.
 */
export async function checkHandWrittenAnswers(rulehook: ServerProcess, hand: ServerProcess): Promise<void> {
  const fired = new Set<string>();
  let filters = 0;
  for (const [i, v] of checkEvents().entries()) {
    const body = Buffer.from(JSON.stringify({ session_variables: v }));
    const ours = describeAnswer((await postTrafficEvent(rulehook.port, body)).answer as Answer);
    const theirs = describeAnswer((await postTrafficEvent(hand.port, body)).answer as Answer);
    check(
      isDeepStrictEqual(ours, theirs),
      `the hand-written webhook answers event ${i + 1} (${v['state.sessionId'] ?? 'no session id'}, ${v['state.currentEvent']}) unlike rulehook:\n  rulehook:     ${JSON.stringify(ours)}\n  hand-written: ${JSON.stringify(theirs)}`,
    );
    const later = i >= CHECK_SESSIONS.length && i < STEPS.length * CHECK_SESSIONS.length;
    for (const update of (ours as { updates: { key: string }[] }).updates)
      fired.add(later ? `${update.key} later` : update.key);
    if ((ours as { filter?: object }).filter !== undefined) filters++;
  }
  const rules = ['greet', 'verify-moved', 'quiet-audio', 'risky', 'uk-caller'];
  check(
    rules.every((id) => fired.has(`traffic.${id}`)) && fired.has('traffic.verify-moved later') && filters > 0,
    `the hand-written check fired ${[...fired].join(', ')} and sent ${filters} filters: every rule, a later change and a filter expected`,
  );
}

/**
 * Starts the hand-written webhook, checks it against `rulehook` (checkHandWrittenAnswers)
 * and gives it the `sessions` calls rulehook's store was given, as primeSessions does.
 */
export async function startCheckedHandWritten(
  rulehook: ServerProcess,
  sessions: number,
): Promise<ServerProcess> {
  const hand = await startHandWritten();
  try {
    await checkHandWrittenAnswers(rulehook, hand);
    await primeSessions(HTTP_TRANSPORT, hand, sessions, IN_FLIGHT);
    return hand;
  } catch (error) {
    await hand.stop();
    throw error;
  }
}
