import { open, rm } from 'node:fs/promises';
import path from 'node:path';
import { postEvent } from '../support/engine-session';
import { writeRulesDir } from '../support/run-cli-process';
import { useServeProcesses, type ServeProcess } from '../support/serve-process';

/**
 * A file written in two parts with a pause between them, on the built server: its first part alone is a
 * valid rule set (one rule of two), and must never be served; the whole file is, once written.
 */

jest.setTimeout(60_000);

const rule = (id: string, n: number): string => `  - id: ${id}
    on: CALL_STARTED
    then:
      set: { gen.${id}: "${n}" }
`;
const rulesOf = (n: number): string => `ruleset: halves\nrules:\n${rule('first', n)}${rule('second', n)}`;

/** Resolves once the server has logged a line holding `text`. */
async function waitForLine(server: ServeProcess, text: string): Promise<void> {
  for (let waited = 0; !server.stderr().includes(text); waited += 20) {
    if (waited > 15_000) throw new Error(`the server did not log '${text}'\n${server.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** What one event is answered with: the generation of each rule ('-' when it did not fire). */
async function answerOf(port: number | undefined): Promise<string> {
  const reply = await postEvent(port, { 'state.sessionId': 's', 'state.currentEvent': 'CALL_STARTED' });
  const updates = new Map(reply.body.session_variable_updates?.map((u) => [u.key, u.value]));
  return `${updates.get('gen.first') ?? '-'} ${updates.get('gen.second') ?? '-'}`;
}

const serve = useServeProcesses(['--no-grpc', '--log-level', 'debug']);

describe('a rule file written in parts', () => {
  let dir: string;
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('is served only whole when the writer pauses half a second, never its valid first half', async () => {
    dir = await writeRulesDir({ 'rules.yaml': rulesOf(1) });
    const server = await serve('--rules', dir);
    const port = server.httpPort;
    expect(await answerOf(port)).toBe('1 1');
    // The watch starts after the server listens, and catches up on edits made meanwhile: wait for it, so that
    // the write below is a change it sees, not one its first read may meet half-way.
    await waitForLine(server, 'watching the rule files');
    // A pause is only a test of the window while it stays well under it (1 s): on a loaded machine this
    // process's own timer may fire late, so a write whose pause ran past 800 ms is done again, never judged.
    let judged = 0;
    for (let generation = 2; generation <= 5 && judged === 0; generation++) {
      const { pauseMs, runs } = await writeInTwoParts(port, generation);
      if (pauseMs >= 800) continue;
      judged++;
      // The answers in order, repeats collapsed: the old rule set, then the whole new one, and nothing between.
      expect(runs).toEqual([`${generation - 1} ${generation - 1}`, `${generation} ${generation}`]);
    }
    expect(judged).toBe(1);
  });

  /** Writes generation `n` in two parts with a 500 ms pause, polling the answers until `n` is served. */
  async function writeInTwoParts(port: number | undefined, n: number) {
    const whole = rulesOf(n);
    const half = whole.slice(0, whole.indexOf('  - id: second'));
    let writing = true;
    const answers: string[] = [];
    const polling = (async () => {
      while (writing || answers[answers.length - 1] !== `${n} ${n}`) {
        answers.push(await answerOf(port));
        if (answers.length > 20_000) break;
        // A pause between polls keeps this process's event loop free for the writer's own timer.
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    // Truncated, the first half written, half a second of nothing, then the rest: as a slow tool writes.
    const file = await open(path.join(dir, 'rules.yaml'), 'w');
    // What the server judges is the time between the two writes' modification times, so the pause is timed
    // from before the half's write to after the rest's: on a loaded machine either write may resolve well
    // after its data reached the file, and a pause timed between them would look shorter than the gap was.
    const started = performance.now();
    await file.write(half);
    await file.sync();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await file.write(whole.slice(half.length));
    const pauseMs = performance.now() - started;
    await file.close();
    writing = false;
    await polling;
    return { pauseMs, runs: answers.filter((answer, i) => answer !== answers[i - 1]) };
  }
});
