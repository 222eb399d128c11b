import { readdirSync } from 'node:fs';
import path from 'node:path';
import { runServe } from '../../src/cli/commands/serve/serve';
import type { RunningHost } from '../../src/hosts';
import { createMemoryIO } from '../support/memory-io';
import { REPO, replay } from './run-replay';

const PACKS = ['enrollment-after-opt-in', 'fraud-and-spoofing', 'noise-reduction'];

async function serve(rules: string, args: string[] = ['--expose-fired']) {
  const io = createMemoryIO();
  const controller = new AbortController();
  let listening!: (hosts: { http?: RunningHost; grpc?: RunningHost }) => void;
  const hosts = new Promise<{ http?: RunningHost; grpc?: RunningHost }>((resolve) => (listening = resolve));
  const exit = runServe(['--rules', rules, '--http-port', '0', '--grpc-port', '0', ...args], io, {
    signal: controller.signal,
    onListening: listening,
  });
  const bound = await Promise.race([
    hosts,
    exit.then((c) => Promise.reject(new Error(`serve exited ${c}: ${io.err()}`))),
  ]);
  return {
    http: `http://127.0.0.1:${bound.http!.port}`,
    grpc: `grpc://127.0.0.1:${bound.grpc!.port}`,
    stop: async () => {
      controller.abort();
      expect(await exit).toBe(0);
    },
  };
}

const pick = (line: Record<string, unknown>) => ({
  line: line.line,
  session: line.session,
  seq: line.seq,
  sent: line.sent,
  fired: line.fired,
  response: line.response,
});

describe.each(PACKS)('replay --target at a running rulehook serve: %s', (pack) => {
  const dir = path.join(REPO, 'examples', pack);
  const recording = path.join('examples', pack, 'recordings', readdirSync(path.join(dir, 'recordings'))[0]!);

  // A fresh server for each replay: rulehook serve remembers the sessions it has seen.
  it.each(['http', 'grpc'] as const)(
    'gives the same sent, fired and response as in-process (%s)',
    async (protocol) => {
      const server = await serve(dir);
      const local = await replay(['--rules', dir, recording, '--format', 'jsonl']);
      const remote = await replay([
        '--target',
        server[protocol],
        recording,
        '--format',
        'jsonl',
        '--concurrency',
        '4',
      ]);
      await server.stop();
      expect(remote.code).toBe(0);
      expect(local.lines().length).toBeGreaterThan(100);
      expect(remote.lines().map(pick)).toEqual(local.lines().map(pick));
      expect(remote.lines().some((l) => Array.isArray(l.fired) && l.fired.length > 0)).toBe(true);
      expect(remote.err).toMatch(/target +\S+ \(rulehook serve\): [\d,]+ requests, 0 failed/);
      expect(remote.err).toMatch(
        /latency +p50 [\d.]+ ms, p90 [\d.]+ ms, p99 [\d.]+ ms, p99\.9 [\d.]+ ms, max/,
      );
    },
  );
});

describe('replay --target', () => {
  const recording = 'examples/noise-reduction/recordings/2024-06-11-busy-hour.jsonl';

  it('says fired is null for a webhook that does not report fired rules (--target-kind other)', async () => {
    const server = await serve(path.join(REPO, 'examples/noise-reduction'));
    try {
      const run = await replay([
        '--target',
        server.http,
        recording,
        '--format',
        'jsonl',
        '--target-kind',
        'other',
      ]);
      expect(run.code).toBe(0);
      const sent = run.lines().filter((l) => l.sent === true);
      expect(sent.length).toBeGreaterThan(0);
      expect(sent.every((l) => l.fired === null && l.response !== null)).toBe(true);
      expect(run.err).toContain('rules fired  unknown: the target does not say which rules fired');
    } finally {
      await server.stop();
    }
  });

  it.each(['http', 'grpc'] as const)(
    'says once, and on each line, that a rulehook serve without --expose-fired does not say which rules fired (%s)',
    async (protocol) => {
      const server = await serve(path.join(REPO, 'examples/noise-reduction'), []);
      try {
        const run = await replay(['--target', server[protocol], recording, '--format', 'jsonl']);
        expect(run.code).toBe(0);
        const sent = run.lines().filter((l) => l.sent === true);
        expect(sent.length).toBeGreaterThan(0);
        expect(sent.every((l) => l.fired === null && l.fired_exposed === false && l.response !== null)).toBe(
          true,
        );
        expect(
          run
            .lines()
            .filter((l) => l.sent === false)
            .some((l) => 'fired_exposed' in l),
        ).toBe(false);
        expect(run.err).toContain(
          'rules fired  unknown: the target does not expose which rules fired (start it with --expose-fired)\n',
        );
        expect(run.err.match(/--expose-fired/g)).toHaveLength(1);
        expect(run.err).toMatch(/\(rulehook serve\): [\d,]+ requests, 0 failed/);
      } finally {
        await server.stop();
      }
    },
  );

  it('reports failed calls, counts them, and exits 1 when the target is down', async () => {
    const run = await replay([
      '--target',
      'http://127.0.0.1:1',
      recording,
      '--format',
      'jsonl',
      '--timeout',
      '2000',
    ]);
    expect(run.code).toBe(1);
    const first = run.lines()[0]!;
    expect(first).toMatchObject({ sent: true, fired: null, response: null });
    expect(String(first.error)).toMatch(/ECONNREFUSED/);
    expect(run.err).toMatch(/error +\d+ × connect ECONNREFUSED/);
  });

  it('acts as a bounded load generator with --loop, --duration and --rate', async () => {
    const server = await serve(path.join(REPO, 'examples/noise-reduction'));
    try {
      const started = Date.now();
      const run = await replay([
        '--target',
        server.grpc,
        recording,
        '--format',
        'summary',
        '--loop',
        '--duration',
        '1500ms',
        '--rate',
        '400',
      ]);
      const elapsed = Date.now() - started;
      expect(run.code).toBe(0);
      expect(elapsed).toBeLessThan(6000);
      const events = Number(/events +([\d,]+) from/.exec(run.out)![1]!.replace(/,/g, ''));
      // 168 events per pass: more than one pass, and no more than the rate allows (400/s for 1.5 s).
      expect(events).toBeGreaterThan(168);
      expect(events).toBeLessThanOrEqual(601);
      expect(run.out).toContain('(stopped by --duration)');
    } finally {
      await server.stop();
    }
  });
});
