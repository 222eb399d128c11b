import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runTest } from '../../src/cli/commands/test/test';
import { createMemoryIO } from '../support/memory-io';

/** The example packs' scenario files: they pass, and they catch a broken rule with a diff that points at it. */
const ROOT = path.join(__dirname, '../..');
const EXAMPLE_TESTS = 49;
/** rules/default.test.yaml: the default rule set answers every event with an empty response. */
const DEFAULT_RULES_TESTS = 1;

async function run(args: string[], cwd = ROOT) {
  const io = createMemoryIO({ cwd });
  const code = await runTest(args, io);
  return { code, out: io.out() };
}

describe('the example packs', () => {
  it('pass every scenario test, each rule fired at least once', async () => {
    const { code, out } = await run(['examples', '--require-coverage']);
    expect(code).toBe(0);
    expect(out).toContain('Coverage: 13 of 13 enabled rules fired');
    expect(out.endsWith(`\n${EXAMPLE_TESTS} passed, 0 failed\n`)).toBe(true);
    for (const file of [
      'enrollment-after-opt-in/enrollment',
      'fraud-and-spoofing/risk',
      'noise-reduction/noise',
    ])
      expect(out).toContain(`examples/${file}.test.yaml\n`);
  });

  it('are what `rulehook test` runs by default (rules/ and examples/)', async () => {
    const { code, out } = await run([]);
    expect(code).toBe(0);
    expect(out.endsWith(`\n${EXAMPLE_TESTS + DEFAULT_RULES_TESTS} passed, 0 failed\n`)).toBe(true);
  });
});

describe('a deliberately broken rule makes the example tests fail, pointing at the cause', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'rulehook-broken-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** Copies a pack, edits one of its rule files, and runs its scenario tests. */
  async function runBroken(pack: string, file: string, edit: (text: string) => string) {
    await cp(path.join(ROOT, 'examples', pack), path.join(dir, pack), { recursive: true });
    const rules = path.join(dir, pack, file);
    const before = await readFile(rules, 'utf8');
    const after = edit(before);
    expect(after).not.toBe(before);
    await writeFile(rules, after);
    return run([pack], dir);
  }

  it('an operator: gt becomes gte', async () => {
    const { code, out } = await runBroken('fraud-and-spoofing', 'risk.yaml', (text) =>
      text.replace('{ var: spoof.score, gt: 0.85 }', '{ var: spoof.score, gte: 0.85 }'),
    );
    expect(code).toBe(1);
    expect(out).toContain(
      [
        '  ✗ a genuine voice raises nothing, up to the score threshold [spoof.score=0.85]  (fraud-and-spoofing/risk.test.yaml:55:11)',
        '      event 1 (SPOOF_CHECK_COMPLETED)',
        '        events[0].fired',
        '          at fraud-and-spoofing/risk.test.yaml:63:14',
        '          expected: []',
        '          actual:   ["fraud-and-spoofing/spoof-suspected"]',
      ].join('\n'),
    );
    expect(out).toContain(
      '✓ fraud-and-spoofing/spoof-suspected: fired: spoof.score gte 0.85 is true (actual "0.85")',
    );
    expect(out.endsWith('\n22 passed, 1 failed\n')).toBe(true);
  });

  it('a value: the state an enrollment rule records', async () => {
    const { code, out } = await runBroken('enrollment-after-opt-in', 'enrollment.yaml', (text) => {
      const at = text.indexOf('- id: enroll-after-consent');
      return (
        text.slice(0, at) +
        text.slice(at).replace('enrollment.state: ENROLL_REQUESTED', 'enrollment.state: ENROLLED')
      );
    });
    expect(code).toBe(1);
    expect(out).toContain(
      [
        '        events[5].response.session_variable_updates[0].value',
        '          at enrollment-after-opt-in/enrollment.test.yaml:55:31',
        '          expected: "ENROLL_REQUESTED"',
        '          actual:   "ENROLLED"',
        '        why:',
        '          set "enrollment.state" written by: enrollment-after-opt-in/enroll-after-consent [enrollment-after-opt-in/enrollment.yaml:',
      ].join('\n'),
    );
  });

  it('a priority: the premium rule no longer runs first', async () => {
    const { code, out } = await runBroken('enrollment-after-opt-in', 'enrollment.yaml', (text) =>
      text.replace('priority: 20', 'priority: 5'),
    );
    expect(code).toBe(1);
    expect(out).toContain(
      [
        '  ✗ a premium caller with speech enough for both rules is enrolled once  (enrollment-after-opt-in/enrollment.test.yaml:102:11)',
        '      event 2 (OPT_IN_RECEIVED)',
        '        events[1].fired',
      ].join('\n'),
    );
    expect(out).toContain(
      '✗ enrollment-after-opt-in/enroll-premium-after-consent: an earlier rule of its ruleset fired with `stop`',
    );
    expect(out).toContain(
      'enrollment-after-opt-in/enroll-after-consent (priority 10, stop: true) ran before enrollment-after-opt-in/enroll-premium-after-consent (priority 5): higher priorities run first',
    );
  });

  it('a filter entry: heartbeats of the media stream reach the webhook again', async () => {
    const { code, out } = await runBroken('noise-reduction', 'noise.yaml', (text) =>
      text.replace('events_to_ignore: ["HEARTBEAT*"]', 'events_to_ignore: ["HEARTBEAT"]'),
    );
    expect(code).toBe(1);
    expect(out).toContain(
      [
        '      event 5 (HEARTBEAT_MEDIA)',
        '        events[4].sent',
        '          at noise-reduction/noise.test.yaml:34:25',
        '          expected: false',
        '          actual:   true',
      ].join('\n'),
    );
    expect(out).toContain('the engine sent this event; it changed: nothing (state.* not counted)');
  });
});
