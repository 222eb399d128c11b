import { expectedFired, trafficBody } from './traffic-pack';
import { startRulehook, type ServerProcess } from './traffic-servers';
import { check } from './suite';
import type { TrafficTransport } from './traffic-transports';

/** POSTs one event; the status, the parsed answer and the `rulehook-fired` header, if any. */
export async function postTrafficEvent(
  port: number,
  body: Buffer,
): Promise<{ status: number; answer: { result_code?: number }; fired: string | null }> {
  const response = await fetch(`http://127.0.0.1:${port}/v1/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: new Uint8Array(body),
  });
  const answer = (await response.json()) as { result_code?: number };
  return { status: response.status, answer, fired: response.headers.get('rulehook-fired') };
}

/** Why an answer to an event is a failure (not HTTP 200 with `result_code` 200), or undefined when it is not. */
export function checkTrafficAnswer(status: number, body: Buffer): string | undefined {
  const text = body.toString('utf8');
  if (status !== 200) return `HTTP ${status}: ${text.slice(0, 200)}`;
  try {
    const code = (JSON.parse(text) as { result_code?: unknown }).result_code;
    return code === 200 ? undefined : `result_code ${String(code)}`;
  } catch {
    return `an answer that is not JSON: ${text.slice(0, 200)}`;
  }
}

/**
 * Proves the pack does what the suite claims before anything is timed: on a
 * server of its own started with `--expose-fired`, two sessions of opposite
 * flags each send one event twice; the first answer names the flagged rules
 * plus `once` and `changed`, the second only the flagged rules without `once`.
 */
export async function checkFiredRules(rulesDir: string): Promise<void> {
  const server = await startRulehook(rulesDir, ['--expose-fired']);
  try {
    for (const session of [7, 8])
      for (const nth of [0, 1]) {
        const event = session % 10;
        const reply = await postTrafficEvent(server.port, trafficBody(session, event));
        const fired = (reply.fired ?? '')
          .split(',')
          .map((id) => id.trim())
          .filter((id) => id !== '');
        const expected = expectedFired(session, event, nth);
        check(
          reply.status === 200 && reply.answer.result_code === 200,
          `rulehook answers 200 (session ${session})`,
        );
        check(
          fired.sort().join(',') === expected.join(','),
          `session ${session}, event ${nth + 1}: fired ${fired.join(',')}, expected ${expected.join(',')}`,
        );
      }
  } finally {
    await server.stop();
  }
}

/**
 * Gives rulehook's memory store `sessions` sessions, one event each, `inFlight`
 * at a time: the state the timed requests share the store with.
 */
export async function primeSessions(
  transport: TrafficTransport,
  server: ServerProcess,
  sessions: number,
  inFlight: number,
): Promise<void> {
  for (let first = 0; first < sessions; first += inFlight) {
    const batch: Promise<void>[] = [];
    for (let s = first; s < Math.min(first + inFlight, sessions); s++)
      batch.push(transport.checkAnswer('rulehook', server, s, s));
    await Promise.all(batch);
  }
}
