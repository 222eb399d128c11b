import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createMemoryIO } from '../../../../test/support/memory-io';
import type { RunningHost } from '../../../hosts';
import { computeRuleRevision, readRuleSnapshot } from '../../../rules/load';
import { runServe } from './serve';
import { SERVE_USAGE } from './serve-options';

const RULES = path.resolve(__dirname, '../../../../test/fixtures/e2e/rules');

async function serveUntilListening(args: string[]) {
  const io = createMemoryIO();
  const controller = new AbortController();
  let listening!: (hosts: { http?: RunningHost; grpc?: RunningHost }) => void;
  const hosts = new Promise<{ http?: RunningHost; grpc?: RunningHost }>((resolve) => (listening = resolve));
  const exit = runServe(['--http-port', '0', '--grpc-port', '0', ...args], io, {
    signal: controller.signal,
    onListening: listening,
  });
  return {
    io,
    exit,
    hosts: await Promise.race([
      hosts,
      exit.then((code) => Promise.reject(new Error(`exited ${code}: ${io.err()}`))),
    ]),
    stop: () => controller.abort(),
  };
}

describe('runServe', () => {
  it('serves the rules over HTTP, reports where, and stops with 0 on abort', async () => {
    const { io, exit, hosts, stop } = await serveUntilListening(['--rules', RULES, '--no-grpc']);
    expect(hosts.grpc).toBeUndefined();
    const res = await fetch(`http://127.0.0.1:${hosts.http?.port}/v1/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"session_variables":{"state.currentEvent":"CALL_STARTED","caller.ani":"+441"}}',
    });
    expect(await res.json()).toEqual({
      result_code: 200,
      session_variable_updates: [{ key: 'caller.region', value: 'uk' }],
    });
    stop();
    expect(await exit).toBe(0);
    const revision = computeRuleRevision(await readRuleSnapshot([RULES], { cwd: io.cwd }));
    expect(io.out()).toBe(
      `rulehook: serving 1 enabled rule in 1 ruleset from ${RULES} (revision ${revision.slice(0, 12)})\n` +
        `rulehook: HTTP listening on http://127.0.0.1:${hosts.http?.port}\n` +
        'rulehook: shutting down, finishing in-flight requests\n' +
        'rulehook: stopped\n',
    );
  });

  it('serves the shipped default rules when --rules is not given', async () => {
    const { io, exit, stop } = await serveUntilListening(['--no-http']);
    stop();
    expect(await exit).toBe(0);
    expect(io.out()).toMatch(
      /^rulehook: serving 0 enabled rules in 1 ruleset from .*\/rules \(revision [0-9a-f]{12}\)\n/,
    );
  });

  it.each([
    [['--http-port', 'eighty'], '--http-port expects a port number from 0 to 65535, got "eighty"'],
    [['--grpc-port', '70000'], '--grpc-port expects a port number from 0 to 65535, got "70000"'],
    [['--no-http', '--no-grpc'], '--no-http and --no-grpc together leave nothing to serve'],
    [['--max-message-bytes', '0'], '--max-message-bytes expects a positive whole number, got "0"'],
    [['--log-level', 'loud'], '--log-level expects one of debug, info, warn, error, got "loud"'],
    [['--rulez', 'x'], "Unknown option '--rulez'; did you mean '--rules'?"],
  ])('refuses %j with exit 2 and says why', async (args, message) => {
    const io = createMemoryIO();
    expect(await runServe(args, io)).toBe(2);
    expect(io.err()).toContain(message);
    expect(io.err()).toContain('Usage: rulehook serve');
  });

  it('prints its help', async () => {
    const io = createMemoryIO();
    expect(await runServe(['--help'], io)).toBe(0);
    expect(io.out()).toContain('--grpc-port PORT');
  });

  it('prints its help after flags that would be refused without it, and exits 0', async () => {
    const io = createMemoryIO();
    expect(await runServe(['--redact', 'x', '--help'], io)).toBe(0);
    expect([io.out(), io.err()]).toEqual([SERVE_USAGE, '']);
  });

  it('refuses an unknown flag even beside --help', async () => {
    const io = createMemoryIO();
    expect(await runServe(['--help', '--rulez'], io)).toBe(2);
    expect(io.out()).toBe('');
    expect(io.err()).toBe(
      `rulehook serve: Unknown option '--rulez'; did you mean '--rules'?\n\n${SERVE_USAGE}`,
    );
  });

  it('refuses to start on an invalid rule set, printing the diagnostics', async () => {
    const io = createMemoryIO();
    const code = await runServe(
      ['--rules', path.resolve(__dirname, '../../../../test/fixtures/e2e/invalid')],
      io,
    );
    expect(code).toBe(1);
    expect(io.err()).toMatch(/invalid\.yaml:5:28 - error UNKNOWN_OPERATOR: 'starts_wth' is not an operator/);
    expect(io.err()).toContain("did you mean 'starts_with'?");
    expect(io.out()).toBe('');
  });

  it('refuses to start on a configuration file with errors, printing its diagnostics', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rulehook-serve-config-'));
    writeFileSync(path.join(dir, 'rulehook.yaml'), 'no_grpc: true\nmax_inflight_event: 5\n');
    const io = createMemoryIO({ cwd: dir });
    expect(await runServe(['--config', 'rulehook.yaml'], io)).toBe(1);
    expect(io.err()).toBe(
      [
        "rulehook.yaml:2:1 - error UNKNOWN_KEY: unknown key 'max_inflight_event' at the top of the file",
        '',
        '  2 | max_inflight_event: 5',
        '    | ^^^^^^^^^^^^^^^^^^',
        "  did you mean 'max_inflight_events'?",
        '',
        '1 error, 0 warnings in 1 file',
        'rulehook serve: refusing to start: rulehook.yaml has errors (see above)',
        '',
      ].join('\n'),
    );
    expect(io.out()).toBe('');
  });

  it('serves with the settings of a configuration file', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rulehook-serve-config-'));
    writeFileSync(path.join(dir, 'rulehook.yaml'), `rules: ${RULES}\nno_grpc: true\nmax_variables: 2\n`);
    const { hosts, stop, exit } = await serveUntilListening(['--config', path.join(dir, 'rulehook.yaml')]);
    expect(hosts.grpc).toBeUndefined();
    const res = await fetch(`http://127.0.0.1:${hosts.http?.port}/v1/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"session_variables":{"state.currentEvent":"CALL_STARTED","a":"1","b":"2"}}',
    });
    expect(res.status).toBe(400);
    stop();
    expect(await exit).toBe(0);
  });

  it('reports a port already in use and exits 1, before saying it serves or creating any file', async () => {
    const first = await serveUntilListening(['--no-grpc']);
    const dir = mkdtempSync(path.join(tmpdir(), 'rulehook-serve-busy-'));
    const io = createMemoryIO();
    const code = await runServe(
      ['--no-grpc', '--http-port', String(first.hosts.http?.port), '--record', 'rec.jsonl'],
      { ...io, cwd: dir },
    );
    const decided = await runServe(
      ['--no-grpc', '--http-port', String(first.hosts.http?.port), '--decision-log', 'decisions.jsonl'],
      { ...io, cwd: dir },
    );
    first.stop();
    await first.exit;
    expect([code, decided]).toEqual([1, 1]);
    expect(io.err()).toMatch(/cannot listen: .*EADDRINUSE/);
    expect(io.out()).not.toMatch(/serving|recording|decision/);
    expect(readdirSync(dir)).toEqual([]);
  });
});
