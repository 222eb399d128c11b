import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { REPO, replay } from './run-replay';

const PACK = path.join(REPO, 'examples/fraud-and-spoofing');
const RECORDING = 'examples/fraud-and-spoofing/recordings/2024-06-11-risk-calls.jsonl';

let changed: string;
beforeAll(async () => {
  changed = await mkdtemp(path.join(os.tmpdir(), 'rulehook-compare-'));
  await cp(PACK, changed, { recursive: true });
  const file = path.join(changed, 'risk.yaml');
  const text = await readFile(file, 'utf8');
  // One rule changed: the spoof score threshold drops from 0.85 to 0.5.
  expect(text).toContain('{ var: spoof.score, gt: 0.85 }');
  await writeFile(file, text.replace('{ var: spoof.score, gt: 0.85 }', '{ var: spoof.score, gt: 0.5 }'));
});
afterAll(() => rm(changed, { recursive: true, force: true }));

const outcome = (l: Record<string, unknown>) => JSON.stringify([l.sent, l.fired, l.response]);

describe('rulehook replay --compare', () => {
  it('lists exactly the events whose outcome changes', async () => {
    // --rules: the rules tried (after the change); --compare: what they are compared with (before it).
    const run = await replay(['--rules', changed, '--compare', PACK, RECORDING, '--format', 'jsonl']);
    expect(run.code).toBe(0);
    const listed = run.lines().map((l) => [l.session, l.seq, l.event, l.changes]);
    expect(listed).toEqual([
      // 0.51: now a spoof alarm, where an inconclusive result asked for a second check
      ['cs-20240611-91fa2e', 10, 'SPOOF_CHECK_COMPLETED', ['fired', 'response']],
      // the clean re-check no longer resumes Verify: the call is now high risk
      ['cs-20240611-91fa2e', 21, 'SPOOF_CHECK_COMPLETED', ['fired', 'response']],
      // 0.55 on the second check: a spoof alarm, where it gave up after two inconclusive checks
      ['cs-20240611-d3088b', 22, 'SPOOF_CHECK_COMPLETED', ['fired', 'response']],
    ]);
    expect(run.lines()[0]).toMatchObject({
      rules: { sent: true, fired: ['fraud-and-spoofing/spoof-suspected'] },
      compare: { sent: true, fired: ['fraud-and-spoofing/recheck-inconclusive-spoof-result'] },
    });
  });

  it('agrees with two separate replays compared event by event', async () => {
    const a = (await replay(['--rules', PACK, RECORDING, '--format', 'jsonl'])).lines();
    const b = (await replay(['--rules', changed, RECORDING, '--format', 'jsonl'])).lines();
    const differing = a.filter((l, i) => outcome(l) !== outcome(b[i]!)).map((l) => l.line);
    const compared = await replay(['--rules', changed, '--compare', PACK, RECORDING, '--format', 'jsonl']);
    expect(compared.lines().map((l) => l.line)).toEqual(differing);
    expect(differing.length).toBeGreaterThan(0);
  });

  it('groups differences by session for people, each side named before and after, with a summary', async () => {
    const run = await replay(['--rules', changed, '--compare', PACK, RECORDING]);
    expect(run.out.indexOf('session cs-20240611-91fa2e')).toBeLessThan(
      run.out.indexOf('session cs-20240611-d3088b'),
    );
    expect(run.out.match(/^session /gm)).toHaveLength(2);
    expect(run.out).toContain(
      [
        `  #10 SPOOF_CHECK_COMPLETED (${RECORDING}:65) differs: rules fired, response`,
        '    before  sent, fired fraud-and-spoofing/recheck-inconclusive-spoof-result',
        '              schedule DetectAudioSpoofing(detectors="synthetic_speech,channel_playback", reason="second check after an inconclusive result (AUDIO_TOO_SHORT)")',
      ].join('\n'),
    );
    expect(run.out).toContain(
      '              disable Verify\n    after   sent, fired fraud-and-spoofing/spoof-suspected\n',
    );
    expect(run.out).toContain(
      ['Compare', `  before       ${PACK} (--compare)`, `  after        ${changed} (--rules)`].join('\n'),
    );
    expect(run.out).toMatch(/differ +3 events in 2 sessions \(listed\)\n/);
    expect(run.out).toContain('  sent         0 sent only before, 0 sent only after\n');
    expect(run.out).toContain('  fire counts  (before -> after)\n');
    // Before the change the spoof alarm fired once; after it, three times.
    expect(run.out).toMatch(/fraud-and-spoofing\/spoof-suspected +1 -> 3\n/);
  });

  it('exits 1 with --fail-on-diff when anything differs, 0 when nothing does', async () => {
    expect((await replay(['--rules', changed, '--compare', PACK, RECORDING, '--fail-on-diff'])).code).toBe(1);
    const same = await replay(['--rules', PACK, '--compare', PACK, RECORDING, '--fail-on-diff']);
    expect(same.code).toBe(0);
    expect(same.out).toContain('nothing: every event has the same outcome before and after');
  });
});

describe('rulehook replay --compare-on', () => {
  let renamed: string;
  beforeAll(async () => {
    renamed = await mkdtemp(path.join(os.tmpdir(), 'rulehook-compare-on-'));
    await cp(PACK, renamed, { recursive: true });
    const file = path.join(renamed, 'risk.yaml');
    // Only a rule id changes: the engine receives the same responses, the fired rules differ.
    await writeFile(file, (await readFile(file, 'utf8')).replace('id: spoof-suspected', 'id: spoof-alarm'));
  });
  afterAll(() => rm(renamed, { recursive: true, force: true }));

  it('lists by default only the events whose response differs, and counts every kind of difference', async () => {
    const run = await replay(['--rules', PACK, '--compare', renamed, RECORDING, '--fail-on-diff']);
    expect(run.code).toBe(0);
    expect(run.out).not.toMatch(/^session /m);
    expect(run.out).toMatch(/compared on +the response/);
    expect(run.out).toMatch(/differ +0 events in 0 sessions \(listed\)\n/);
    expect(run.out).toMatch(/fired +[1-9][0-9]* events fired different rules\n/);
    expect(run.out).toMatch(/response +0 events got a different response\n/);
  });

  it('lists the events whose fired rules differ with fired or all, and fails on them with --fail-on-diff', async () => {
    const fired = await replay([
      '--rules',
      PACK,
      '--compare',
      renamed,
      RECORDING,
      '--format',
      'jsonl',
      '--compare-on',
      'fired',
    ]);
    const all = await replay([
      '--rules',
      PACK,
      '--compare',
      renamed,
      RECORDING,
      '--format',
      'jsonl',
      '--compare-on',
      'all',
      '--fail-on-diff',
    ]);
    expect(fired.lines().length).toBeGreaterThan(0);
    expect(fired.lines().every((l) => JSON.stringify(l.changes) === '["fired"]')).toBe(true);
    expect(all.lines()).toEqual(fired.lines());
    expect(all.code).toBe(1);
  });

  it('is refused without a comparison', async () => {
    const run = await replay(['--rules', PACK, RECORDING, '--compare-on', 'fired']);
    expect(run.code).toBe(2);
    expect(run.err).toContain('--compare-on needs --compare or --compare-recorded');
  });
});
