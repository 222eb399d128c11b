import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runServe } from '../src/cli/commands/serve/serve';
import type { RunningHost } from '../src/hosts';
import { createMemoryIO } from './support/memory-io';
import { parsePrometheusText } from './support/prometheus-text';
import { describeWithRedis, RedisServer } from './support/redis-server';

/** docs/operations.md, "Metrics": one table row per metric, `| \`name\` | type | labels | meaning |`. */
interface Documented {
  type: string;
  labels: string[];
}

async function readDocumented(): Promise<Map<string, Documented>> {
  const doc = await readFile(path.join(__dirname, '../docs/operations.md'), 'utf8');
  const section = doc.slice(doc.indexOf('\n## Metrics\n'), doc.indexOf('\n### Runbook\n'));
  const rows = new Map<string, Documented>();
  for (const line of section.split('\n')) {
    const cells = /^\| `(rulehook_[a-z_]+)` \| (\w+) \|([^|]*)\|/.exec(line);
    if (cells === null) continue;
    const labels = [...cells[3]!.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]!);
    rows.set(cells[1]!, { type: cells[2]!, labels });
  }
  return rows;
}

const RULES = path.join(__dirname, 'fixtures/metrics');

const TOKEN = 'metrics-doc-token-0123456789';

/**
 * The rulehook metrics a real `serve` registers with `args` (in process, both hosts), after one event:
 * each with its type and the labels of its series (a histogram's `le` left out).
 */
async function scrapeServe(args: string[]): Promise<Map<string, Documented>> {
  const io = createMemoryIO();
  const controller = new AbortController();
  let listening!: (hosts: { http?: RunningHost }) => void;
  const hosts = new Promise<{ http?: RunningHost }>((resolve) => (listening = resolve));
  const exit = runServe(['--http-port', '0', '--grpc-port', '0', '--rules', RULES, ...args], io, {
    signal: controller.signal,
    onListening: listening,
  });
  const { http } = await Promise.race([
    hosts,
    exit.then((code) => Promise.reject(new Error(`exit ${code}: ${io.err()}`))),
  ]);
  const base = `http://127.0.0.1:${http!.port}`;
  await fetch(`${base}/v1/events`, {
    method: 'POST',
    // The token of scrapeWithEveryOption's tokens file (/metrics needs it too); a server without tokens ignores it.
    headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
    body: '{"session_variables":{"state.currentEvent":"VERIFY_DONE","state.sessionId":"s"}}',
  });
  const metrics = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  const { samples, types } = parsePrometheusText(await metrics.text());
  controller.abort();
  expect(await exit).toBe(0);
  // prom-client's default metrics of the process come along (documented as a family, not one by one).
  expect(types.get('process_cpu_seconds_total')).toBe('counter');
  expect(types.get('nodejs_eventloop_lag_seconds')).toBe('gauge');
  const found = new Map<string, Documented>();
  for (const [name, type] of types) {
    if (!name.startsWith('rulehook_')) continue;
    const series = samples.filter((s) => s.name.replace(/_(bucket|sum|count)$/, '') === name);
    const labels = [...new Set(series.flatMap((s) => Object.keys(s.labels)))].filter((l) => l !== 'le');
    found.set(name, { type, labels });
  }
  return found;
}

const sorted = (map: Map<string, Documented | undefined>) =>
  new Map([...map].sort(([a], [b]) => (a < b ? -1 : 1)));

/** Every option that registers metrics of its own, with the memory store: one run shows them all. */
async function scrapeWithEveryOption(dir: string): Promise<Map<string, Documented>> {
  const tokens = path.join(dir, 'tokens.txt');
  await writeFile(tokens, `${TOKEN}\n`);
  return scrapeServe([
    ...['--record', path.join(dir, 'events.jsonl'), '--decision-log', path.join(dir, 'decisions.jsonl')],
    ...['--auth-tokens-file', tokens],
  ]);
}

describe('docs/operations.md, Metrics: what serve registers (memory store or none, --record, --decision-log, tokens)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'rulehook-metrics-doc-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('documents every metric registered, with its type and labels', async () => {
    const registered = new Map([
      ...(await scrapeWithEveryOption(dir)),
      ...(await scrapeServe(['--state', 'none'])),
    ]);
    const documented = await readDocumented();
    const shown = new Map([...registered].map(([name]) => [name, documented.get(name)]));
    expect(sorted(shown)).toEqual(sorted(registered));
  });
});

describeWithRedis('docs/operations.md, Metrics: and with the Redis store (or none)', () => {
  let redis: RedisServer | undefined;
  let dir: string;
  beforeAll(async () => {
    if (process.env.REDIS_URL === undefined) redis = await RedisServer.start();
    dir = await mkdtemp(path.join(os.tmpdir(), 'rulehook-metrics-doc-'));
  });
  afterAll(async () => {
    redis?.kill();
    await rm(dir, { recursive: true, force: true });
  });

  it('registers every metric documented, with the type and labels documented', async () => {
    const url = process.env.REDIS_URL ?? redis!.url;
    const registered = new Map([
      ...(await scrapeWithEveryOption(dir)),
      ...(await scrapeServe(['--state', url])),
      ...(await scrapeServe(['--state', 'none'])),
    ]);
    const documented = await readDocumented();
    expect(documented.size).toBeGreaterThan(20);
    const found = new Map([...documented].map(([name]) => [name, registered.get(name)]));
    expect(sorted(found)).toEqual(sorted(documented));
  });
});
