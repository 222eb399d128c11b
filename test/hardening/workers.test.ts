import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parsePrometheusText, sampleValue } from '../support/prometheus-text';
import { describeWithRedis, RedisServer } from '../support/redis-server';
import { startServeProcess, type ServeProcess } from '../support/serve-process';
import { saveFile } from '../support/save-file';
import { postOnNewConnection } from '../support/post-on-new-connection';

// Each test starts real processes (node, redis-server) and waits for workers to restart.
jest.setTimeout(60_000);

const FIXTURE = path.resolve(__dirname, '../fixtures/e2e/stateful');
const RULE_FILE = 'stateful.yaml';

interface PrimaryLog {
  time: string;
  msg: string;
  pid: number;
  replacing?: number;
  revision?: string;
  delayMs?: number;
}

/** The primary's JSON log lines (stderr) so far. */
const readLogs = (server: ServeProcess): PrimaryLog[] =>
  server
    .stderr()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as PrimaryLog);

async function waitForLog(server: ServeProcess, what: (l: PrimaryLog) => boolean): Promise<PrimaryLog> {
  for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
    const found = readLogs(server).find(what);
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no such log line; stderr:\n${server.stderr()}`);
}

/** `GET /metrics` on a connection of its own (so on the next worker in turn): the samples it shows. */
async function scrape(port: number) {
  const text = await new Promise<string>((resolve, reject) => {
    const req = http.get({ port, host: '127.0.0.1', path: '/metrics', agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (d: string) => (body += d));
      res.on('end', () =>
        res.statusCode === 200 ? resolve(body) : reject(new Error(`${res.statusCode}: ${body}`)),
      );
    });
    req.on('error', reject);
  });
  const { samples } = parsePrometheusText(text);
  return {
    events: sampleValue(samples, 'rulehook_events_total', { event: 'other', outcome: 'answered' }),
    greeted: sampleValue(samples, 'rulehook_rules_fired_total', { ruleset: 'stateful', rule: 'greet' }),
    revisions: samples.filter((s) => s.name === 'rulehook_rules_revision_info'),
  };
}

let sessions = 0;
/** The answers to the first event of new sessions, one per connection: which rules a worker serves. */
async function askWorkers(server: ServeProcess, times: number): Promise<unknown[]> {
  const answers = [];
  for (let i = 0; i < times; i++) {
    const session = `hardening-${process.pid}-${Date.now()}-${sessions++}`;
    answers.push(
      await postOnNewConnection(server.httpPort!, {
        'state.sessionId': session,
        'state.currentEvent': 'CALL_STARTED',
      }),
    );
  }
  return answers;
}
const GREETED = {
  fired: 'stateful/greet',
  body: {
    result_code: 200,
    session_variable_updates: [
      { key: 'greeted', value: 'yes' },
      { key: 'rulehook.once', value: '["stateful/greet"]' },
    ],
  },
};

describeWithRedis('serve --workers: the primary hands one rule set to every worker', () => {
  let redis: RedisServer | undefined;
  let url: string;
  let dir: string;
  let server: ServeProcess | undefined;
  beforeAll(async () => {
    // The shared server of the test run (REDIS_URL), else one of our own.
    if (process.env.REDIS_URL === undefined) redis = await RedisServer.start();
    url = process.env.REDIS_URL ?? redis!.url;
  });
  afterAll(() => redis?.kill());
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'rulehook-workers-'));
    await cp(FIXTURE, dir, { recursive: true });
  });
  afterEach(async () => {
    server?.child.kill('SIGKILL');
    await server?.exited;
    server = undefined;
    await rm(dir, { recursive: true, force: true });
  });

  const workersArgs = () => ['--rules', dir, '--no-grpc', '--expose-fired', '--workers', '2', '--state', url];
  // Without watching, so that an edit on disk reaches the workers only if they read it themselves.
  const start = async (extra: string[] = ['--no-watch']) => {
    server = await startServeProcess([...workersArgs(), ...extra]);
    const revision =
      /serving 4 enabled rules in 1 ruleset from .* \(revision ([0-9a-f]{12})\) in 2 workers\n/.exec(
        server.stdout(),
      )?.[1];
    expect(revision).toBeDefined();
    const pids = readLogs(server)
      .filter((l) => l.msg === 'worker started')
      .map((l) => l.pid);
    expect(pids).toHaveLength(2);
    return { server, revision: revision!, pids };
  };
  /** Kills a worker and waits until its replacement listens; resolves with the replacement's log line. */
  const replace = async (running: ServeProcess, pid: number) => {
    process.kill(pid, 'SIGKILL');
    const started = await waitForLog(running, (l) => l.msg === 'worker started' && l.replacing === pid);
    return waitForLog(running, (l) => l.msg === 'worker listening' && l.pid === started.pid);
  };

  it.each([
    ['edited', (text: string) => text.replace('greeted: "yes"', 'greeted: "edited"')],
    ['broken', () => 'ruleset: broken\nrules: [ { id: ]\n'],
  ])(
    'a replacement serves the rules the primary loaded at startup, not the rules %s on disk since',
    async (_, edit) => {
      const { server: running, revision, pids } = await start();
      expect(await askWorkers(running, 4)).toEqual(Array(4).fill(GREETED));
      const file = path.join(dir, RULE_FILE);
      await writeFile(file, edit(await readFile(file, 'utf8')));

      const replacement = await replace(running, pids[0]!);
      expect(replacement.revision?.slice(0, 12)).toBe(revision);
      // Connections alternate between the survivor and the replacement: all answer alike.
      expect(await askWorkers(running, 8)).toEqual(Array(8).fill(GREETED));
      // One replacement, no crash loop.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(readLogs(running).filter((l) => l.msg === 'worker started')).toHaveLength(3);
      running.child.kill('SIGTERM');
      expect(await running.exited).toBe(0);
    },
  );

  it('reloads through the primary: an edit reaches every worker, replacements included; a broken one none', async () => {
    const { server: running, revision, pids } = await start([]);
    const file = path.join(dir, RULE_FILE);
    const original = await readFile(file, 'utf8');
    await saveFile(file, original.replace('greeted: "yes"', 'greeted: "edited"'));
    const edited = (answer: unknown) => JSON.stringify(answer).includes('"edited"');
    await waitForLog(running, (l) => l.msg === 'rules reloaded');
    // The primary sends the rule set to both workers; each swaps it once compiled.
    for (const deadline = Date.now() + 10_000; Date.now() < deadline;) {
      if ((await askWorkers(running, 4)).every(edited)) break;
    }
    expect((await askWorkers(running, 8)).every(edited)).toBe(true);
    await replace(running, pids[0]!);
    expect((await askWorkers(running, 8)).every(edited)).toBe(true);

    // A broken edit: refused by the primary, every worker keeps the last good rule set.
    await saveFile(file, 'ruleset: broken\nrules: [ { id: ]\n');
    await waitForLog(running, (l) => l.msg === 'rules reload refused; the last good rule set keeps serving');
    expect((await askWorkers(running, 8)).every(edited)).toBe(true);

    // POST /admin/reload reaches a worker, which has the primary reload and answers with its report.
    await saveFile(file, original);
    const res = await fetch(`http://127.0.0.1:${running.httpPort}/admin/reload`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      result: expect.stringMatching(/^(reloaded|unchanged)$/),
      revision,
    });
    for (const deadline = Date.now() + 10_000; Date.now() < deadline;) {
      if ((await askWorkers(running, 4)).every((a) => !edited(a))) break;
    }
    expect(await askWorkers(running, 8)).toEqual(Array(8).fill(GREETED));
    // The primary's reloads are in the sum any worker answers: one refused, at least one reloaded.
    const metrics = await (await fetch(`http://127.0.0.1:${running.httpPort}/metrics`)).text();
    expect(metrics).toMatch(/^rulehook_rule_reloads_total\{result="refused"\} 1$/m);
    expect(
      Number(/^rulehook_rule_reloads_total\{result="reloaded"\} (\d+)$/m.exec(metrics)?.[1]),
    ).toBeGreaterThan(0);
    running.child.kill('SIGTERM');
    expect(await running.exited).toBe(0);
  });

  it('answers /metrics on any worker with the sum of every worker', async () => {
    const { server: running, revision, pids } = await start();
    expect(await scrape(running.httpPort!)).toMatchObject({ events: 0, greeted: 0 });
    // Connections alternate between the workers: each answers some of the 6 events.
    expect(await askWorkers(running, 6)).toEqual(Array(6).fill(GREETED));
    const both = [await scrape(running.httpPort!), await scrape(running.httpPort!)];
    for (const total of both) {
      expect(total).toMatchObject({ events: 6, greeted: 6 });
      // The workers serve one rule set: one revision, 1 (not 2).
      expect(total.revisions.map((s) => [s.labels.revision, s.value])).toEqual([[revision, 1]]);
    }
    // Without the first worker (its replacement has answered nothing), the sum is the survivor's own
    // count: the total above was the sum of two workers' counts, each above 0.
    await replace(running, pids[0]!);
    const survivor = (await scrape(running.httpPort!)).events!;
    expect(survivor).toBeGreaterThan(0);
    expect(survivor).toBeLessThan(6);
    expect((await scrape(running.httpPort!)).events).toBe(survivor);
    running.child.kill('SIGTERM');
    expect(await running.exited).toBe(0);
  });

  it('replaces workers that keep dying after delays that double', async () => {
    const { server: running, pids } = await start();
    let pid = pids[0]!;
    for (let death = 0; death < 5; death++) pid = (await replace(running, pid)).pid;
    const logs = readLogs(running);
    const exits = logs.filter((l) => l.msg === 'worker exited; replacing it');
    expect(exits.map((l) => l.delayMs)).toEqual([100, 200, 400, 800, 1600]);
    const intervals = exits.map((exit) => {
      const fork = logs.find((l) => l.msg === 'worker started' && l.replacing === exit.pid)!;
      return Date.parse(fork.time) - Date.parse(exit.time);
    });
    intervals.forEach((ms, i) => {
      expect(ms).toBeGreaterThanOrEqual(exits[i]!.delayMs! - 5);
      expect(ms).toBeLessThan(exits[i]!.delayMs! + 1500);
    });
    expect(await askWorkers(running, 2)).toEqual(Array(2).fill(GREETED));
    running.child.kill('SIGTERM');
    expect(await running.exited).toBe(0);
  });

  it('refuses to start on a broken rule set before forking any worker, saying why once', async () => {
    await writeFile(path.join(dir, RULE_FILE), 'ruleset: broken\nrules: [ { id: ]\n');
    const refused = await startServeProcess(workersArgs()).then(
      () => undefined,
      (error: Error) => error.message,
    );
    expect(refused).toMatch(/serve exited with 1 before listening/);
    expect(refused?.match(/refusing to start/g)).toHaveLength(1);
    expect(refused?.match(/YAML_SYNTAX/g)).toHaveLength(1);
    expect(refused).not.toMatch(/worker started|during startup/);
  });
});
