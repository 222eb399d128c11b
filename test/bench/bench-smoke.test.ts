import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findMissingChromium } from '../support/chromium';
import { checkPartRequiring, findMissingPrograms } from '../support/describe-requiring';

const root = path.resolve(__dirname, '../..');
/** Every suite of `npm run bench`: each must run and return summary rows. */
const SUITES = [
  'rules-index',
  'hand-written',
  'json-rules-engine',
  'filter',
  'session-memory',
  'replay',
  'processor',
  'own-updates',
  'sealed-state',
  'http-host',
  'grpc-host',
  'decode',
  'regex',
  'glob',
  'logs',
  'traffic',
  'latency',
  'lsp',
  'console',
];
/**
 * The traffic suite loads its servers with wrk (HTTP) and h2load (gRPC); under --quick it returns no rows where
 * either is missing, which leaves its checks out: loudly, and under CI not at all (describeRequiring's rules).
 */
const HAS_LOAD_PROGRAMS = checkPartRequiring(
  findMissingPrograms({ wrk: 'wrk', h2load: 'nghttp2-client' }),
  'the traffic suite of npm run bench -- --quick',
);
/** The console suite opens its page in Debian's chromium: where it is missing, the same rules as h2load's. */
const HAS_CHROMIUM = checkPartRequiring(
  findMissingChromium(),
  'the console suite of npm run bench -- --quick',
);

interface Row {
  suite: string;
  path: string;
  subject: string;
  baseline: string;
  ratio?: { median: number; q1: number; q3: number };
  measured?: { value: number; unit: string };
  goal?: string;
  met?: boolean;
}

/**
 * `npm run bench -- --quick`: every suite with a few short rounds. It proves
 * the suites run, their sanity checks hold (the hand-written evaluator and
 * json-rules-engine agree with rulehook, replay writes a line per event, …)
 * and the results file is written; it asserts no timing.
 */
describe('npm run bench -- --quick', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rulehook-bench-smoke-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('runs every suite and writes one summary row set', () => {
    // Type checking is `npm run typecheck`'s job (tsconfig.json includes bench/): emit only.
    execFileSync(
      process.execPath,
      [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.bench.json', '--noCheck'],
      { cwd: root, stdio: 'pipe' },
    );
    const out = path.join(dir, 'quick.json');
    const stdout = execFileSync(process.execPath, ['.bench-out/bench/run.js', '--quick', '--out', out], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    expect(stdout).toContain('SUMMARY (--quick');

    const results = JSON.parse(readFileSync(out, 'utf8')) as {
      quick: boolean;
      node: string;
      machine: { cpuModel: string; cores: number };
      suites: string[];
      rows: Row[];
    };
    expect(results.quick).toBe(true);
    expect(results.node).toBe(process.version);
    expect(results.machine.cores).toBeGreaterThan(0);
    expect(results.suites).toEqual(SUITES);
    for (const suite of SUITES) {
      const rows = results.rows.filter((r) => r.suite === suite).length;
      if (suite === 'traffic' && !HAS_LOAD_PROGRAMS) expect(rows).toBe(0);
      else if (suite === 'console' && !HAS_CHROMIUM) expect(rows).toBe(0);
      else expect(rows).toBeGreaterThan(0);
    }
    if (HAS_CHROMIUM)
      expect(
        results.rows.filter((r) => r.suite === 'console').map((r) => [r.path, r.measured?.unit]),
      ).toEqual([
        ['console', 'ms'],
        ['console', 'ms'],
        ['console', 'ms'],
        ['console-bundle', 'KiB gzipped'],
      ]);
    else expect(stdout).toContain('chromium is not installed: the console suite is skipped');
    // Over HTTP (wrk) rulehook is compared with the bare process and with the hand-written webhook, which the
    // suite first checks answers as rulehook does, two rows each; then serve --workers 2 --state none with
    // --workers 1, sent events carrying their state (checked to be answered alike by both): two rows, no goal.
    // Over gRPC (h2load), with the bare process.
    if (HAS_LOAD_PROGRAMS) {
      expect(results.rows.filter((r) => r.path === 'http-e2e').map((r) => [r.baseline, r.goal])).toEqual([
        ['bare node:http process', '≥ 0.70x'],
        ['bare node:http process', '≥ 0.70x'],
        ['hand-written node:http webhook', '≥ 0.80x'],
        ['hand-written node:http webhook', '≥ 0.80x'],
        ['rulehook serve --workers 1 --state none', undefined],
        ['rulehook serve --workers 1 --state none', undefined],
      ]);
      expect(results.rows.filter((r) => r.path === 'grpc-e2e')).toHaveLength(2);
      expect(stdout).toContain('traffic over http: 50 keep-alive connections (wrk, 1 thread)');
    } else expect(stdout).toContain('not installed: the traffic suite is skipped in --quick');
    // The open-loop suite brings its own client: p99 of rulehook as it starts and with the recommended GC
    // flags (each with its goal), and p50, with or without h2load.
    const openLoop = results.rows.filter((r) => r.path === 'http-open-loop');
    expect(openLoop.map((r) => [r.suite, r.goal])).toEqual([
      ['latency', '≥ 0.77x'],
      ['latency', '≥ 0.77x'],
      ['latency', undefined],
    ]);
    for (const row of results.rows) {
      expect(row.path).not.toBe('');
      expect(row.subject).not.toBe('');
      expect(row.baseline).not.toBe('');
      expect(row.ratio !== undefined || row.measured !== undefined).toBe(true);
      if (row.ratio !== undefined) expect(row.ratio.median).toBeGreaterThan(0);
      expect(row.goal === undefined).toBe(row.met === undefined);
    }
    expect(results.rows.filter((r) => r.baseline === 'hand-written JS, indexed by name')).toHaveLength(3);
    expect(results.rows.filter((r) => r.baseline.startsWith('json-rules-engine'))).toHaveLength(3);
    // replay: in-thread and --workers 2, each against the floor; 200-variable events in-thread against theirs.
    expect(results.rows.filter((r) => r.suite === 'replay').map((r) => r.subject)).toEqual([
      'rulehook replay --format jsonl (fraud-and-spoofing)',
      'rulehook replay --format jsonl --workers 2 (fraud-and-spoofing)',
      'rulehook replay --format jsonl (fraud-and-spoofing, 200-variable events)',
    ]);
  }, 180_000);
});
