import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { REPO, replay } from '../replay/run-replay';
import { startServeProcess, type ServeProcess } from '../support/serve-process';

// Real processes over loopback: allow for a loaded 2-core CI machine.
jest.setTimeout(60_000);

const PACK = path.join(REPO, 'examples/noise-reduction');
const RECORDING = path.join(PACK, 'recordings/2024-06-11-busy-hour.jsonl');
const VIA_HTTP = 'cs-20240611-c4e90a';
const VIA_GRPC = 'cs-20240611-5f2c9d';

interface DecisionLine {
  time: string;
  request_id: string;
  revision: string;
  duration_ms: number;
  session_variables: Record<string, string>;
  fired: string[];
  response: Record<string, unknown>;
}

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'rulehook-decisions-'));
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

const parseLines = (text: string) =>
  text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

/** Plays two sessions of the pack's recording against the server as the engine: one per host. */
async function driveBothHosts(server: ServeProcess): Promise<Record<string, unknown>[]> {
  const target = (url: string, session: string) =>
    replay(['--target', url, RECORDING, '--format', 'jsonl', '--session', session]);
  const viaHttp = await target(`http://127.0.0.1:${server.httpPort}`, VIA_HTTP);
  const viaGrpc = await target(`grpc://127.0.0.1:${server.grpcPort}`, VIA_GRPC);
  expect([viaHttp.code, viaGrpc.code]).toEqual([0, 0]);
  return [...viaHttp.lines(), ...viaGrpc.lines()].filter((l) => l.sent === true);
}

async function stop(server: ServeProcess): Promise<void> {
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
}

describe('serve --decision-log (the built binary), replayed', () => {
  it('logs every decision, masked, with request ids and the revision, and replays to the same answers', async () => {
    const file = path.join(tmp, 'decisions.jsonl');
    // --expose-fired: what fired live is compared with what the decision log and its replay say.
    const server = await startServeProcess([
      ...['--rules', PACK, '--expose-fired', '--decision-log', file, '--log-level', 'debug'],
    ]);
    expect(server.stdout()).toContain(
      `rulehook: logging every decision to ${file} (masking the default personal variables)`,
    );
    const sent = await driveBothHosts(server);
    await stop(server);

    const decisions = parseLines(await readFile(file, 'utf8')) as unknown as DecisionLine[];
    expect(decisions).toHaveLength(sent.length);
    const revision = /\(revision ([0-9a-f]{12})\)/.exec(server.stdout())![1]!;
    for (const d of decisions) {
      expect(d.revision.startsWith(revision)).toBe(true);
      expect(d.request_id).toMatch(/^[\w-]{8}-\d+$/);
      expect(d.duration_ms).toBeGreaterThanOrEqual(0);
      expect(Number.isNaN(Date.parse(d.time))).toBe(false);
      // Masked by default: the caller's and the dialed numbers and the customer id; the event name is not.
      expect(d.session_variables['call.ani']).toMatch(/^redacted:/);
      expect(d.session_variables['call.dnis']).toMatch(/^redacted:/);
      if (d.session_variables['person.id'] !== undefined)
        expect(d.session_variables['person.id']).toMatch(/^redacted:/);
      expect(d.session_variables['state.currentEvent']).not.toMatch(/^redacted:/);
    }
    expect(decisions.map((d) => [d.fired, d.response])).toEqual(sent.map((s) => [s.fired, s.response]));

    // The debug line of each event carries the same request id and revision as its decision.
    const logged = parseLines(server.stderr()).filter((l) => l.msg === 'event answered');
    expect(logged.map((l) => [l.request_id, l.revision])).toEqual(
      decisions.map((d) => [d.request_id, d.revision]),
    );
    expect(server.stderr()).not.toContain('+1415');

    // Replayed through the same rules: every line is sent again and answered as it was live.
    const replayed = await replay(['--rules', PACK, file, '--format', 'jsonl', '--strict']);
    expect(replayed.code).toBe(0);
    const lines = replayed.lines();
    expect(lines.every((l) => l.sent === true)).toBe(true);
    expect(lines.map((l) => [l.fired, l.response])).toEqual(decisions.map((d) => [d.fired, d.response]));

    // --compare-recorded: the same rules differ nowhere from what was logged; other rules do, event by event.
    const same = await replay([
      '--rules',
      PACK,
      '--compare-recorded',
      file,
      '--format',
      'jsonl',
      '--fail-on-diff',
    ]);
    expect([same.code, same.out]).toEqual([0, '']);
    expect(same.err).toContain('the answers recorded in the decision log');
    const other = path.join(REPO, 'examples/enrollment-after-opt-in');
    const changed = await replay([
      '--rules',
      other,
      '--compare-recorded',
      file,
      '--format',
      'jsonl',
      '--fail-on-diff',
    ]);
    expect(changed.code).toBe(1);
    const differing = changed.lines();
    expect(differing.length).toBeGreaterThan(0);
    for (const d of differing) {
      const logged = decisions[(d.line as number) - 1]!;
      expect((d.compare as { fired: unknown; response: unknown }).fired).toEqual(logged.fired);
      expect((d.compare as { fired: unknown; response: unknown }).response).toEqual(logged.response);
    }
  });

  it('takes the request id the engine sends, and masks what --mask names instead of the defaults', async () => {
    const file = path.join(tmp, 'masked.jsonl');
    const server = await startServeProcess([
      '--rules',
      PACK,
      '--no-grpc',
      '--decision-log',
      file,
      '--mask',
      'call.dnis',
    ]);
    const res = await fetch(`http://127.0.0.1:${server.httpPort}/v1/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'engine-7' },
      body: JSON.stringify({
        session_variables: { 'state.currentEvent': 'CALL_STARTED', 'call.ani': '+1', 'call.dnis': '+2' },
      }),
    });
    expect(res.status).toBe(200);
    await stop(server);
    const [line] = parseLines(await readFile(file, 'utf8')) as unknown as DecisionLine[];
    expect(line!.request_id).toBe('engine-7');
    expect(line!.session_variables['call.ani']).toBe('+1');
    expect(line!.session_variables['call.dnis']).toMatch(/^redacted:/);
  });

  it('rotates beyond --decision-log-max-bytes; the parts, replayed in order, answer as live', async () => {
    const file = path.join(tmp, 'rotated.jsonl');
    const server = await startServeProcess([
      '--rules',
      PACK,
      '--expose-fired',
      '--decision-log',
      file,
      '--decision-log-max-bytes',
      '2500',
    ]);
    const sent = await driveBothHosts(server);
    await stop(server);
    const parts = (await readdir(tmp))
      .filter((n) => n.startsWith('rotated.jsonl.'))
      .sort((a, b) => Number(a.split('.').pop()) - Number(b.split('.').pop()))
      .map((n) => path.join(tmp, n));
    expect(parts.length).toBeGreaterThanOrEqual(2);
    const all = [...parts, file];
    let lines = 0;
    for (const part of all) {
      const text = await readFile(part, 'utf8');
      expect(Buffer.byteLength(text)).toBeLessThanOrEqual(2500);
      lines += parseLines(text).length;
    }
    expect(lines).toBe(sent.length);
    const replayed = await replay(['--rules', PACK, ...all, '--format', 'jsonl', '--strict']);
    expect(replayed.code).toBe(0);
    expect(replayed.lines().map((l) => [l.fired, l.response])).toEqual(
      sent.map((s) => [s.fired, s.response]),
    );
  });
});
