import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { FIXTURES, REPO, replay } from './run-replay';

const RULES = path.join(FIXTURES, 'filters/rules.yaml');
const BAD = 'test/fixtures/replay/bad-lines.jsonl';
const RECORDING = path.join(FIXTURES, 'filters/recording.jsonl');

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'rulehook-replay-inputs-'));
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

/** The expected jsonl lines of the filters fixture, for a recording named `name`. */
async function expectedLines(name: string): Promise<string> {
  const expected = await readFile(path.join(FIXTURES, 'filters/expected.jsonl'), 'utf8');
  return expected.replaceAll('"file":"recording.jsonl"', `"file":${JSON.stringify(name)}`);
}

describe('rulehook replay: reading recordings', () => {
  it('reports each bad line with its file and line number, skips it and counts it', async () => {
    const run = await replay(['--rules', RULES, BAD, '--format', 'jsonl']);
    expect(run.code).toBe(0);
    expect(run.lines().map((l) => l.line)).toEqual([1, 6, 8]);
    const reports = run.err.split('\n').filter((l) => l.startsWith('rulehook replay: '));
    expect(reports).toEqual([
      `rulehook replay: ${BAD}:2: not JSON: Expected ',' or '}' after property value in JSON at position 131; line skipped`,
      `rulehook replay: ${BAD}:4: not an Event: expected the line to be a JSON object (an Event), got an array; line skipped`,
      `rulehook replay: ${BAD}:5: not an Event: session_variables["verify.score"]: expected a string value, got a number (session variables are strings: quote numbers and booleans); line skipped`,
    ]);
    expect(run.err).toContain('events       3 from 1 file (3 bad lines skipped)');
  });

  it('stops at the first bad line with --strict (exit 1)', async () => {
    const run = await replay(['--rules', RULES, BAD, '--format', 'jsonl', '--strict']);
    expect(run.code).toBe(1);
    expect(run.err).toContain(`rulehook replay: ${BAD}:2: not JSON:`);
    expect(run.err).toContain('(--strict: stopping)');
    expect(run.lines().map((l) => l.line)).toEqual([1]);
  });

  it('reads .jsonl.gz transparently', async () => {
    const gz = path.join(tmp, 'day1.jsonl.gz');
    await writeFile(gz, gzipSync(await readFile(RECORDING)));
    const run = await replay(['--rules', RULES, 'day1.jsonl.gz', '--format', 'jsonl'], { cwd: tmp });
    expect(run.code).toBe(0);
    expect(run.out).toBe(await expectedLines('day1.jsonl.gz'));
  });

  it('reads stdin for -, gzipped or not', async () => {
    const text = await readFile(RECORDING);
    const plain = await replay(['--rules', RULES, '-', '--format', 'jsonl'], { stdin: text });
    expect(plain.out).toBe(await expectedLines('-'));
    const gzipped = await replay(['--rules', RULES, '-', '--format', 'jsonl'], { stdin: gzipSync(text) });
    expect(gzipped.out).toBe(await expectedLines('-'));
  });

  it('replays several recordings in order, sessions continuing across them', async () => {
    const text = await readFile(RECORDING, 'utf8');
    const lines = text.trimEnd().split('\n');
    await writeFile(path.join(tmp, 'part1.jsonl'), lines.slice(0, 6).join('\n') + '\n');
    await writeFile(path.join(tmp, 'part2.jsonl'), lines.slice(6).join('\n'));
    const run = await replay(['--rules', RULES, 'part1.jsonl', 'part2.jsonl', '--format', 'jsonl'], {
      cwd: tmp,
    });
    const whole = await replay(['--rules', RULES, RECORDING, '--format', 'jsonl']);
    const strip = (l: Record<string, unknown>) => ({ ...l, file: undefined, line: undefined });
    expect(run.lines().map(strip)).toEqual(whole.lines().map(strip));
    expect(run.lines()[6]).toMatchObject({ file: 'part2.jsonl', line: 1 });
  });

  it('says which recording cannot be read, and refuses invalid rules like validate', async () => {
    const missing = await replay(['--rules', RULES, 'nope.jsonl']);
    expect(missing.code).toBe(1);
    expect(missing.err).toBe('rulehook replay: cannot read nope.jsonl: no such file\n');
    const invalid = await replay(['--rules', path.join(REPO, 'test/fixtures/e2e/invalid'), RECORDING]);
    expect(invalid.code).toBe(1);
    expect(invalid.err).toMatch(/invalid\.yaml:5:28 - error UNKNOWN_OPERATOR/);
    expect(invalid.err).toContain('has errors (see above)');
  });

  it('reports a corrupt gzip file', async () => {
    const gz = gzipSync(await readFile(RECORDING));
    await writeFile(path.join(tmp, 'cut.jsonl.gz'), gz.subarray(0, gz.length - 30));
    const run = await replay(['--rules', RULES, 'cut.jsonl.gz', '--format', 'summary'], { cwd: tmp });
    expect(run.code).toBe(1);
    expect(run.err).toMatch(/^rulehook replay: cannot read cut\.jsonl\.gz: unexpected end of file\n/m);
  });
});

describe('rulehook replay --max-sessions', () => {
  it('warns when sessions come back after being forgotten', async () => {
    const run = await replay(['--rules', RULES, RECORDING, '--format', 'summary', '--max-sessions', '1']);
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/warning +\d+ sessions came back after being forgotten .*raise --max-sessions/);
    const enough = await replay(['--rules', RULES, RECORDING, '--format', 'summary']);
    expect(enough.out).not.toContain('warning');
  });
});
