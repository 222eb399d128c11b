import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runServe } from '../../src/cli/commands/serve/serve';
import type { RunningHost } from '../../src/hosts';
import { createMemoryIO } from '../support/memory-io';
import { REPO, replay } from './run-replay';

const PACK = path.join(REPO, 'examples/fraud-and-spoofing');
const RECORDING = path.join(PACK, 'recordings/2024-06-11-risk-calls.jsonl');

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'rulehook-record-'));
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

/** `rulehook serve --record ...` in-process; `stop` flushes the recording. */
async function serve(args: string[], env: Record<string, string> = {}) {
  const io = createMemoryIO({ cwd: tmp, env });
  const controller = new AbortController();
  let listening!: (hosts: { http?: RunningHost; grpc?: RunningHost }) => void;
  const hosts = new Promise<{ http?: RunningHost; grpc?: RunningHost }>((resolve) => (listening = resolve));
  const base = ['--rules', PACK, '--http-port', '0', '--grpc-port', '0', '--expose-fired'];
  const exit = runServe([...base, ...args], io, {
    signal: controller.signal,
    onListening: listening,
  });
  const bound = await Promise.race([
    hosts,
    exit.then((c) => Promise.reject(new Error(`exit ${c}: ${io.err()}`))),
  ]);
  return {
    io,
    http: `http://127.0.0.1:${bound.http!.port}`,
    grpc: `grpc://127.0.0.1:${bound.grpc!.port}`,
    stop: async () => {
      controller.abort();
      expect(await exit).toBe(0);
    },
  };
}

const readLines = async (file: string) =>
  (await readFile(file, 'utf8'))
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as { session_variables: Record<string, string> });

/** Outcomes by session, in session order: what the engine sent and what came back. */
const bySession = (lines: Record<string, unknown>[]) => {
  const out: Record<string, unknown[]> = {};
  for (const l of lines) (out[l.session as string] ??= []).push([l.event, l.fired, l.response]);
  return out;
};

describe('rulehook serve --record', () => {
  it('records every event received, over both hosts, as a recording that replays', async () => {
    const server = await serve(['--record', 'live.jsonl']);
    expect(server.io.out()).toContain(`rulehook: recording every event to ${path.join(tmp, 'live.jsonl')}\n`);
    const viaHttp = await replay([
      '--target',
      server.http,
      RECORDING,
      '--format',
      'jsonl',
      '--session',
      'cs-20240611-b7e2c4',
    ]);
    const viaGrpc = await replay([
      '--target',
      server.grpc,
      RECORDING,
      '--format',
      'jsonl',
      '--session',
      'cs-20240611-91fa2e',
    ]);
    await server.stop();
    const sent = [...viaHttp.lines(), ...viaGrpc.lines()];
    const recorded = await readLines(path.join(tmp, 'live.jsonl'));
    expect(recorded).toHaveLength(sent.length);

    const replayed = await replay(['--rules', PACK, 'live.jsonl', '--format', 'jsonl'], { cwd: tmp });
    expect(replayed.code).toBe(0);
    expect(bySession(replayed.lines())).toEqual(bySession(sent));
  });

  it('redacts matching values with a keyed hash, stable within the recording', async () => {
    const server = await serve(
      ['--record', 'redacted.jsonl', '--redact', 'call.ani', '--redact', 'person.*'],
      {
        RULEHOOK_REDACT_KEY: 'test-key',
      },
    );
    await replay(['--target', server.http, RECORDING, '--format', 'summary']);
    await server.stop();
    const text = await readFile(path.join(tmp, 'redacted.jsonl'), 'utf8');
    expect(text).not.toContain('+14155550142');
    expect(text).not.toContain('C-1029384');
    // What redaction does not cover: a value a rule copied into another variable (risk.reason quotes call.ani).
    expect(text).toContain('QA test number +12025550123');
    const lines = await readLines(path.join(tmp, 'redacted.jsonl'));
    const anis = new Map<string, Set<string>>();
    let personIds = 0;
    for (const { session_variables: v } of lines) {
      expect(v['call.ani']).toMatch(/^redacted:[A-Za-z0-9_-]{22}$/);
      (
        anis.get(v['state.sessionId']!) ??
        anis.set(v['state.sessionId']!, new Set()).get(v['state.sessionId']!)!
      ).add(v['call.ani']!);
      if (v['person.id'] !== undefined) {
        personIds += 1;
        expect(v['person.id']).toMatch(/^redacted:/);
      }
      expect(v['state.currentEvent']).not.toMatch(/^redacted:/);
    }
    // Most events of the recording carry a person.id: the check above ran on them.
    expect(personIds).toBeGreaterThan(lines.length / 2);
    // One caller number per call, the same hash on every event; different callers, different hashes.
    expect([...anis.values()].every((set) => set.size === 1)).toBe(true);
    expect(new Set([...anis.values()].map((s) => [...s][0])).size).toBe(anis.size);

    // The same key gives the same hashes in another process; the recording still replays, sessions intact.
    const again = await serve([
      '--record',
      'again.jsonl',
      '--redact',
      'call.ani',
      '--redact-key',
      'test-key',
    ]);
    await replay([
      '--target',
      again.http,
      RECORDING,
      '--format',
      'summary',
      '--session',
      'cs-20240611-3a6f10',
    ]);
    await again.stop();
    const [first] = await readLines(path.join(tmp, 'again.jsonl'));
    expect(first!.session_variables['call.ani']).toBe([...anis.get('cs-20240611-3a6f10')!][0]);
    const replayed = await replay(['--rules', PACK, 'redacted.jsonl', '--format', 'summary'], { cwd: tmp });
    expect(replayed.out).toMatch(/sessions +8\n/);
  });

  it('rotates the recording by size: FILE.1, FILE.2, ... then FILE, which replay in order', async () => {
    const server = await serve(['--record', 'rotated.jsonl', '--record-max-bytes', '20000']);
    const sent = await replay([
      '--target',
      server.http,
      RECORDING,
      '--format',
      'jsonl',
      '--concurrency',
      '1',
    ]);
    await server.stop();
    const parts = (await readdir(tmp)).filter((f) => f.startsWith('rotated.jsonl.')).sort();
    expect(parts.length).toBeGreaterThanOrEqual(2);
    for (const part of parts) expect((await stat(path.join(tmp, part))).size).toBeLessThanOrEqual(20000);
    const files = [...parts.map((_, i) => `rotated.jsonl.${i + 1}`), 'rotated.jsonl'];
    const replayed = await replay(['--rules', PACK, ...files, '--format', 'jsonl'], { cwd: tmp });
    expect(replayed.lines()).toHaveLength(sent.lines().length);
    expect(bySession(replayed.lines())).toEqual(bySession(sent.lines()));
  });

  it.each([
    [['--redact', 'call.ani'], '--redact needs --record FILE'],
    [['--record', 'x.jsonl', '--redact-key', 'k'], '--redact-key needs --redact GLOB'],
    [
      ['--record', 'x.jsonl', '--record-max-bytes', '0'],
      '--record-max-bytes expects a positive whole number',
    ],
    [
      ['--record', 'x.jsonl', '--workers', '2', '--state', 'redis://127.0.0.1:6379/0'],
      'not with --workers above 1',
    ],
  ])('refuses %j with exit 2', async (args, message) => {
    const io = createMemoryIO({ cwd: tmp });
    expect(await runServe(args, io)).toBe(2);
    expect(io.err()).toContain(message);
  });

  it('refuses to start when the recording cannot be opened', async () => {
    const io = createMemoryIO({ cwd: tmp });
    expect(
      await runServe(
        ['--rules', PACK, '--record', 'no-such-dir/x.jsonl', '--http-port', '0', '--no-grpc'],
        io,
      ),
    ).toBe(1);
    expect(io.err()).toContain(
      `rulehook serve: cannot record to ${path.join(tmp, 'no-such-dir/x.jsonl')}: ENOENT`,
    );
  });
});
