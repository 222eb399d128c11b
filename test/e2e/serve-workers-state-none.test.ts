import path from 'node:path';
import { RawWebhookClient } from '../support/grpc-client';
import { parsePrometheusText, sampleValue } from '../support/prometheus-text';
import { startServeProcess, type ServeProcess } from '../support/serve-process';
import { postOnNewConnection, type EventAnswer } from '../support/post-on-new-connection';

// Starts one real `serve --workers 2` (three node processes) for the whole file.
jest.setTimeout(30_000);

const RULES = path.resolve(__dirname, '../fixtures/e2e/stateful');

interface AnswerBody {
  session_variable_updates?: { key: string; value: string }[];
  event_filter?: { keys_to_ignore?: string[]; events_to_ignore?: string[] };
}
type Answer = EventAnswer<AnswerBody>;

/** The events of one call, as an engine raises them: each on the variables of the previous one. */
const STEPS: Record<string, string>[] = [
  { 'state.currentEvent': 'CALL_STARTED', 'caller.pin': '4711' },
  { 'state.currentEvent': 'AUDIO_PROGRESS', 'audio.net': '3' },
  { 'state.currentEvent': 'VERIFY_COMPLETED', 'verify.score': '0.4' },
  { 'state.currentEvent': 'HEARTBEAT' },
  { 'state.currentEvent': 'VERIFY_COMPLETED', 'verify.score': '0.9' },
];

describe('serve --workers 2 --state none: several processes and nothing shared', () => {
  let server: ServeProcess;
  beforeAll(async () => {
    server = await startServeProcess([
      '--rules',
      RULES,
      '--expose-fired',
      '--no-watch',
      '--workers',
      '2',
      '--state',
      'none',
    ]);
  });
  afterAll(async () => {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('keeps once, changed and the filter right over HTTP while the call moves between workers', async () => {
    expect(server.stdout()).toMatch(/serving .* in 2 workers\n/);
    const kept: Record<string, string> = { 'state.sessionId': `none-${process.pid}` };
    const answers: Answer[] = [];
    for (const step of STEPS) {
      Object.assign(kept, step);
      const answer = await postOnNewConnection<AnswerBody>(server.httpPort!, kept);
      for (const { key, value } of answer.body.session_variable_updates ?? []) kept[key] = value;
      answers.push(answer);
    }
    // Consecutive connections go to the two workers in turn: only the carried state tells the second worker
    // that `greet` fired, and what the score was.
    expect(answers.map((a) => a.fired)).toEqual([
      'stateful/greet',
      'stateful/quiet-audio',
      'stateful/rescore',
      'stateful/quiet-heartbeat',
      'stateful/rescore',
    ]);
    expect(answers[3]!.body.event_filter).toMatchObject({
      keys_to_ignore: ['audio.*'],
      events_to_ignore: ['HEARTBEAT'],
    });

    // The engine drops the state on two events (one per worker: both saw the call holding state).
    const dropped = Object.fromEntries(Object.entries(kept).filter(([key]) => !key.startsWith('rulehook.')));
    const again = [
      await postOnNewConnection<AnswerBody>(server.httpPort!, dropped),
      await postOnNewConnection<AnswerBody>(server.httpPort!, dropped),
    ];
    for (const answer of again) expect(answer.fired).toContain('stateful/greet');
    const text = await (await fetch(`http://127.0.0.1:${server.httpPort}/metrics`)).text();
    const { samples } = parsePrometheusText(text);
    expect(sampleValue(samples, 'rulehook_carried_state_missing_total', {})).toBe(2);
    // Each worker warns once (its own 10 s limit), naming the call and no variable's value.
    const warnings = server
      .stderr()
      .split('\n')
      .filter((line) => line.includes('without its carried state'));
    expect(warnings).toHaveLength(2);
    for (const line of warnings) {
      expect(JSON.parse(line)).toMatchObject({ level: 'warn', session: kept['state.sessionId'] });
      expect(line).not.toContain('4711');
    }
    expect(server.stderr()).not.toMatch(/redis/i);
  });

  it('answers over gRPC from either worker, the state carried between them', async () => {
    // Two clients, two connections: one to each worker.
    const clients = [0, 1].map(() => new RawWebhookClient(`127.0.0.1:${server.grpcPort}`));
    try {
      const kept: Record<string, string> = { 'state.sessionId': `none-grpc-${process.pid}` };
      const greeted: boolean[] = [];
      for (const [i, step] of [STEPS[0]!, STEPS[1]!, STEPS[0]!, STEPS[1]!].entries()) {
        Object.assign(kept, step);
        const reply = await clients[i % 2]!.sendVariables(kept);
        if (!reply.ok) throw new Error(reply.details);
        const updates = (reply.response.session_variable_updates ?? []) as { key: string; value: string }[];
        for (const { key, value } of updates) kept[key] = value;
        greeted.push(updates.some((u) => u.key === 'greeted'));
      }
      expect(greeted).toEqual([true, false, false, false]);
      expect(kept['rulehook.once']).toBe('["stateful/greet"]');
    } finally {
      for (const client of clients) client.close();
    }
  });
});
