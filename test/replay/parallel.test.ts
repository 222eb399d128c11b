import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { generateRecordingLines } from '../../bench/generate-recording';
import { runReplay } from '../../src/cli/commands/replay/replay';
import { createMemoryIO } from '../support/memory-io';
import { REPO, replay } from './run-replay';

const PACK = path.join(REPO, 'examples/fraud-and-spoofing');

let tmp: string;
let changed: string;
/** 3,000 events of 60 calls in progress at once, in the example packs' vocabulary. */
let day: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'rulehook-parallel-'));
  day = path.join(tmp, 'day.jsonl');
  await writeFile(day, [...generateRecordingLines({ events: 3000, calls: 60, seed: 7 })].join(''));
  changed = path.join(tmp, 'changed');
  await cp(PACK, changed, { recursive: true });
  const risk = path.join(changed, 'risk.yaml');
  const text = await readFile(risk, 'utf8');
  expect(text).toContain('{ var: spoof.score, gt: 0.85 }');
  await writeFile(risk, text.replace('{ var: spoof.score, gt: 0.85 }', '{ var: spoof.score, gt: 0.5 }'));
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

/** What a run printed, without the time it took (the one line that differs from run to run). */
const withoutTime = (text: string) => text.replace(/^ {2}time .*\n/m, '');

/** Replays ARGS in-thread and with 2 workers; both must print the same, byte for byte, and exit alike. */
async function expectSameWithWorkers(args: string[], cwd = REPO) {
  const inThread = await replay([...args, '--workers', '1'], { cwd });
  const parallel = await replay([...args, '--workers', '2'], { cwd });
  expect(parallel.code).toBe(inThread.code);
  expect(withoutTime(parallel.err)).toBe(withoutTime(inThread.err));
  expect(withoutTime(parallel.out)).toBe(withoutTime(inThread.out));
  return inThread;
}

describe('rulehook replay --workers 2: the same output as in-thread', () => {
  it.each(['jsonl', 'summary', 'human'])('--format %s', async (format) => {
    const run = await expectSameWithWorkers(['--rules', PACK, day, '--format', format]);
    expect(run.code).toBe(0);
    if (format === 'jsonl') expect(run.lines()).toHaveLength(3000);
  });

  it.each(['jsonl', 'human'])('--compare, --format %s, with --explain', async (format) => {
    const run = await expectSameWithWorkers(['--rules', PACK, '--compare', changed, day, '--format', format]);
    expect(run.out).not.toBe('');
    await expectSameWithWorkers([
      '--rules',
      PACK,
      '--compare',
      changed,
      day,
      '--format',
      format,
      '--explain',
    ]);
  });

  it('compares on the basis of --compare-on, and simulates the engine model of --engine-*', async () => {
    for (const on of ['fired', 'all']) {
      const run = await expectSameWithWorkers([
        '--rules',
        PACK,
        '--compare',
        changed,
        day,
        '--compare-on',
        on,
      ]);
      expect(run.out).toContain('compared on');
    }
    const engine = ['--engine-own-updates', 'changes', '--engine-empty-delta', 'filtered'];
    const other = await expectSameWithWorkers(['--rules', PACK, day, '--format', 'jsonl', ...engine]);
    const usual = await replay(['--rules', PACK, day, '--format', 'jsonl']);
    expect(other.out).not.toBe(usual.out);
  });

  it('forgets sessions beyond --max-sessions exactly where the in-thread replay does', async () => {
    const run = await expectSameWithWorkers([
      '--rules',
      PACK,
      day,
      '--format',
      'jsonl',
      '--max-sessions',
      '7',
    ]);
    expect(run.err).toContain('sessions came back after being forgotten');
    const summary = await expectSameWithWorkers([
      '--rules',
      PACK,
      day,
      '--format',
      'human',
      '--max-sessions',
      '7',
    ]);
    expect(summary.out).toContain('sessions came back after being forgotten');
  });

  it('replays one session with --session', async () => {
    const session = (await replay(['--rules', PACK, day, '--format', 'jsonl'])).lines()[100]!
      .session as string;
    const run = await expectSameWithWorkers([
      '--rules',
      PACK,
      day,
      '--format',
      'jsonl',
      '--session',
      session,
    ]);
    expect(new Set(run.lines().map((l) => l.session))).toEqual(new Set([session]));
  });

  it('reports bad lines with their numbers, and reads every shape of line a recording may hold', async () => {
    const lines = (await readFile(day, 'utf8')).split('\n').slice(0, 400);
    const session = JSON.parse(lines[3]!).session_variables['state.sessionId'] as string;
    const odd = [
      'not json',
      '',
      '   ',
      '{"session_variables":{"state.sessionId":"s-odd","verify.score":0.4}}',
      // Escapes, spaces, the other field spelling, a decision-log line, repeated keys: parsed by the reader.
      `{"session_variables":{"state.sessionId":"${session}","note":"say \\"hi\\"","state.currentEvent":"NOTE"}}`,
      `{ "session_variables" : { "state.sessionId" : "${session}", "state.currentEvent" : "SPACED" } }`,
      `{"sessionVariables":{"state.sessionId":"${session}","state.currentEvent":"CAMEL"}}`,
      `{"time":"2024-06-11T10:00:00Z","session_variables":{"state.sessionId":"${session}","state.currentEvent":"LOGGED"},"fired":[],"response":{"result_code":200}}`,
      `{"session_variables":{"state.sessionId":"elsewhere","state.sessionId":"${session}","state.currentEvent":"TWICE"}}`,
      '{"session_variables":{"state.currentEvent":"NO_SESSION"}}',
      '{"session_variables":{"state.sessionId":"s-tab","state.currentEvent":"TAB\tINSIDE"}}',
      '[]',
    ];
    const mixed = lines.flatMap((line, i) => (i % 37 === 5 ? [odd[(i / 37) | 0] ?? '{', line] : [line]));
    const file = path.join(tmp, 'mixed.jsonl');
    await writeFile(
      file,
      Buffer.concat([Buffer.from(mixed.join('\r\n')), Buffer.from([0x0a, 0x7b, 0xff, 0x7d, 0x0a])]),
    );
    const run = await expectSameWithWorkers(['--rules', PACK, file, '--format', 'jsonl']);
    expect(run.err).toContain(`mixed.jsonl:${mixed.indexOf('not json') + 1}: not JSON: `);
    expect(run.err).toContain('not valid UTF-8');
    expect(run.lines().map((l) => l.event)).toEqual(
      expect.arrayContaining(['NOTE', 'SPACED', 'CAMEL', 'LOGGED', 'TWICE', 'NO_SESSION']),
    );
    const strict = await expectSameWithWorkers(['--rules', PACK, file, '--format', 'jsonl', '--strict']);
    expect(strict.code).toBe(1);
    expect(strict.err).toContain('(--strict: stopping)');
  });

  it('reads several recordings, gzipped or not, and empty ones', async () => {
    const second = path.join(tmp, 'second.jsonl.gz');
    const text = [...generateRecordingLines({ events: 500, calls: 20, seed: 8 })].join('');
    await writeFile(second, gzipSync(text));
    const empty = path.join(tmp, 'empty.jsonl');
    await writeFile(empty, '');
    const run = await expectSameWithWorkers(['--rules', PACK, day, empty, second, '--format', 'jsonl']);
    expect(run.lines()).toHaveLength(3500);
    expect(run.err).toContain('3,500 from 3 files');
    const nothing = await expectSameWithWorkers(['--rules', PACK, empty, '--format', 'human']);
    expect(nothing.out).toContain('0 from 1 file');
  });

  it('replays against a decision log (--compare-recorded) as in-thread', async () => {
    const lines = [...generateRecordingLines({ events: 300, calls: 10, seed: 9 })].map((line, i) =>
      i % 2 === 0
        ? `{"time":"2024-06-11T10:00:00Z",${line.slice(1, -2)},"fired":[],"response":{"result_code":200}}\n`
        : line,
    );
    const log = path.join(tmp, 'decisions.jsonl');
    await writeFile(log, lines.join(''));
    const run = await expectSameWithWorkers([
      '--rules',
      PACK,
      '--compare-recorded',
      log,
      '--format',
      'jsonl',
    ]);
    expect(run.code).toBe(0);
  });
});

describe('rulehook replay --workers: failures', () => {
  it('stops with a clear error, exit 1, when a worker fails', async () => {
    const script = path.join(tmp, 'failing-worker.js');
    await writeFile(
      script,
      "require('node:worker_threads').parentPort.on('message', () => { throw new Error('boom'); });\n",
    );
    const io = createMemoryIO({ cwd: REPO });
    const code = await runReplay(['--rules', PACK, day, '--format', 'jsonl', '--workers', '2'], io, {
      workerScript: script,
    });
    expect(code).toBe(1);
    expect(io.err()).toContain('rulehook replay: a replay worker failed: boom');
  });

  it('says how a worker ended, when it ends before the replay does', async () => {
    const script = path.join(tmp, 'exiting-worker.js');
    await writeFile(
      script,
      "require('node:worker_threads').parentPort.on('message', () => process.exit(3));\n",
    );
    const io = createMemoryIO({ cwd: REPO });
    const code = await runReplay(['--rules', PACK, day, '--format', 'jsonl', '--workers', '2'], io, {
      workerScript: script,
    });
    expect(code).toBe(1);
    expect(io.err()).toContain('rulehook replay: a replay worker ended (exit code 3) before the replay did');
  });
});
