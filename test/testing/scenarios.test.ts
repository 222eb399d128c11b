import path from 'node:path';
import { runTest } from '../../src/cli/commands/test/test';
import { runValidate } from '../../src/cli/commands/validate/validate';
import { createMemoryIO } from '../support/memory-io';

/** Scenario-file mistakes that must each be reported, never passed over. */
const FIXTURES = path.join(__dirname, '../fixtures/scenarios');

async function run(command: typeof runTest, args: string[]) {
  const io = createMemoryIO({ cwd: FIXTURES });
  const code = await command(args, io);
  return { code, out: io.out() };
}

describe('rulehook test reports, and never passes over', () => {
  it('a misspelled rule id in an expectation: an error with a did-you-mean, the test not run', async () => {
    const { code, out } = await run(runTest, ['misspelled']);
    expect(code).toBe(1);
    expect(out).toContain(
      [
        "misspelled/misspelled.test.yaml:6:19 - error UNKNOWN_RULE: no rule 'basic/enrol-gold' in the rules under test",
        '',
        '  6 |       not_fired: [basic/enrol-gold]',
        '    |                   ^^^^^^^^^^^^^^^^',
        "  did you mean 'basic/enroll-gold'?",
      ].join('\n'),
    );
    expect(out).toContain(
      '  ! a misspelled rule id  (misspelled/misspelled.test.yaml:3:11)\n      not run: this test has errors',
    );
    expect(out).toContain('  ✓ a correct test in the same file');
    expect(out.endsWith('\n1 passed, 1 failed\n')).toBe(true);
  });

  it('an empty test file', async () => {
    const { code, out } = await run(runTest, ['empty']);
    expect(code).toBe(1);
    expect(out).toContain('empty/empty.test.yaml:3:1 - error NO_TESTS');
  });

  it('a test of an event the filter hides: why it was not sent, where the expectation is', async () => {
    const { code, out } = await run(runTest, ['failing', '--filter', 'filter hides']);
    expect(code).toBe(1);
    expect(out).toContain(
      [
        '      event 2 (AUDIO_PROGRESS)',
        "        events[1].sent: 'fired' needs the webhook's answer, but the event was not sent",
        '          at failing/failing.test.yaml:23:18',
        '          expected: true',
        '          actual:   false',
        '        why:',
        '          the engine did not send this event: keys_to_ignore (entry "audio.*"); it changed only: audio.netSeconds',
      ].join('\n'),
    );
  });

  it('an expected rule that did not fire: the condition that decided it, with the actual value', async () => {
    const { out } = await run(runTest, ['failing', '--filter', 'condition does not hold']);
    expect(out).toContain(
      '          ✗ basic/enroll-gold: its `if` does not hold: custom.tier equals "gold" is false (actual "silver")  [passing/rules.yaml:10:9]',
    );
  });

  it('invalid rules: exactly the diagnostics of rulehook validate, and no test run', async () => {
    const tested = await run(runTest, ['invalid-rules']);
    const validated = await run(runValidate, ['../rules/many-mistakes.yaml']);
    expect(tested.code).toBe(1);
    const blocks = validated.out.slice(0, validated.out.lastIndexOf('\n16 errors'));
    expect(blocks.length).toBeGreaterThan(1000);
    expect(tested.out.startsWith(blocks)).toBe(true);
    expect(tested.out).toContain('not run: the rules under test have errors (see above)');
  });

  it('an invalid scenario file: its broken tests do not run, the others do', async () => {
    const { code, out } = await run(runTest, ['invalid-scenario']);
    expect(code).toBe(1);
    expect(out).toContain(
      "invalid-scenario/invalid-scenario.test.yaml:5:15 - error UNKNOWN_KEY: unknown key 'fird' in 'expect'",
    );
    expect(out).toContain('CONTRADICTORY_EXPECTATION');
    expect(out).toContain('  ✓ runs anyway');
    expect(out.endsWith('\n1 passed, 2 failed\n')).toBe(true);
  });

  it('a rules path that does not exist, with a did-you-mean', async () => {
    const { code, out } = await run(runTest, ['missing-path']);
    expect(code).toBe(1);
    expect(out).toContain(
      "missing-path/missing-path.test.yaml:1:8 - error TEST_PATH_NOT_FOUND: '../pasing/rules.yaml' does not exist",
    );
    expect(out).toContain("did you mean '../passing/rules.yaml'?");
  });
});
