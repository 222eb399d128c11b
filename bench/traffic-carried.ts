import { request } from 'node:http';
import { isDeepStrictEqual } from 'node:util';
import { check } from './suite';
import { cycleVariables, EVENTS_PER_SESSION, formatBodyLine, writeBodiesFile } from './traffic-bodies';
import type { ServerProcess } from './traffic-servers';
import { IN_FLIGHT } from './traffic-transports';

type Variables = Record<string, string>;

interface Answer {
  result_code?: number;
  session_variable_updates?: { key: string; value: string }[];
}

/** Each session's steady bodies (the cycle's events with the state they carry) and rulehook's answers to them. */
export interface CarriedCycle {
  bodies: Variables[][];
  answers: Answer[][];
}

/** POSTs one event on a connection of its own, so that node:cluster hands each request to the next worker. */
function postOnNewConnection(port: number, body: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        agent: false,
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/v1/events',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if (res.statusCode !== 200) reject(new Error(`HTTP ${res.statusCode}: ${text.slice(0, 200)}`));
          else resolve(JSON.parse(text) as Answer);
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The carried state after an answer: the event's `rulehook.*` variables with the answer's updates of them. */
function carryState(state: Variables, answer: Answer): Variables {
  const next = { ...state };
  for (const { key, value } of answer.session_variable_updates ?? [])
    if (key.startsWith('rulehook.')) next[key] = value;
  return next;
}

/**
 * Runs a session's events through `server` (a `--state none` rulehook) twice
 * in order, each carrying the state the answer before it wrote, as an engine
 * that returns the webhook's variables would send them: the second pass's
 * bodies are the steady cycle (its first event carries the state the first
 * pass's last answer wrote), checked to end in the state it starts from.
 */
async function runSession(
  server: ServerProcess,
  session: number,
): Promise<{ bodies: Variables[]; answers: Answer[] }> {
  let state: Variables = {};
  const steady = { bodies: [] as Variables[], answers: [] as Answer[] };
  let start: Variables = {};
  for (let pass = 0; pass < 2; pass++) {
    if (pass === 1) start = state;
    for (let step = 0; step < EVENTS_PER_SESSION; step++) {
      const body = { ...cycleVariables(session, step), ...state };
      const answer = await postOnNewConnection(server.port, formatBodyLine(body));
      check(answer.result_code === 200, `session ${session}: result_code ${answer.result_code}`);
      if (pass === 1) {
        steady.bodies.push(body);
        steady.answers.push(answer);
      }
      state = carryState(state, answer);
    }
  }
  check(
    isDeepStrictEqual(state, start),
    `session ${session}: the carried state does not settle after a cycle:\n  ${JSON.stringify(start)}\n  ${JSON.stringify(state)}`,
  );
  return steady;
}

/**
 * Writes the bodies of the `--state none` rows to `file` (as writeBodiesFile
 * lays them out): each event of the cycle carrying the `rulehook.*` state the
 * answer to the session's previous event gives, obtained from `server` before
 * anything is timed. Returns the bodies and the answers, for checkCarriedAnswers.
 */
export async function writeCarriedBodiesFile(
  server: ServerProcess,
  file: string,
  sessions: number,
): Promise<CarriedCycle> {
  const cycle: CarriedCycle = { bodies: [], answers: [] };
  for (let first = 0; first < sessions; first += IN_FLIGHT) {
    const batch: ReturnType<typeof runSession>[] = [];
    for (let s = first; s < Math.min(first + IN_FLIGHT, sessions); s++) batch.push(runSession(server, s));
    for (const one of await Promise.all(batch)) {
      cycle.bodies.push(one.bodies);
      cycle.answers.push(one.answers);
    }
  }
  writeBodiesFile(file, sessions, (session, step) => cycle.bodies[session]?.[step] ?? {});
  return cycle;
}

/**
 * Fails the run unless `server` answers the first `sessions` sessions' steady
 * bodies exactly as the server that wrote them did: a carried state it did not
 * take as its own (fingerprints of another key, a refused state) would show as
 * different updates. Each request on a new connection, spread over a cluster's workers.
 */
export async function checkCarriedAnswers(
  name: string,
  server: ServerProcess,
  cycle: CarriedCycle,
  sessions: number,
): Promise<void> {
  for (let session = 0; session < Math.min(sessions, cycle.bodies.length); session++)
    for (let step = 0; step < EVENTS_PER_SESSION; step++) {
      const body = cycle.bodies[session]?.[step] ?? {};
      const answer = await postOnNewConnection(server.port, formatBodyLine(body));
      const expected = cycle.answers[session]?.[step];
      check(
        isDeepStrictEqual(answer, expected),
        `${name} answers session ${session}'s step ${step + 1} unlike the carried cycle:\n  got:      ${JSON.stringify(answer)}\n  expected: ${JSON.stringify(expected)}`,
      );
    }
}
