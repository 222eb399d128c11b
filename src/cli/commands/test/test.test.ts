import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createMemoryIO } from '../../../../test/support/memory-io';
import type { CliIO } from '../../../terminal/command-io';
import { runTest } from './test';

const FIXTURES = path.join(__dirname, '../../../../test/fixtures/scenarios');

async function run(args: string[], io: Partial<CliIO> = {}) {
  const memory = createMemoryIO({ cwd: FIXTURES, ...io });
  const code = await runTest(args, memory);
  return { code, stdout: memory.out(), stderr: memory.err() };
}
const lastLine = (text: string) => text.trimEnd().split('\n').pop();

describe('rulehook test: outcomes', () => {
  it('exits 0 when every test passes, and ends with the summary line alone', async () => {
    const { code, stdout, stderr } = await run(['passing']);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toContain(
      'passing/passing.test.yaml\n  ✓ a gold caller with a low score is enrolled, through the filter\n',
    );
    expect(stdout).toContain('  ✓ low scores of gold callers enroll [verify.score=0.29]\n');
    expect(stdout.endsWith('\n5 passed, 0 failed\n')).toBe(true);
  });

  it('exits 1 on a failure, with the diff, the place of the expectation and why', async () => {
    const { code, stdout } = await run(['failing']);
    expect(code).toBe(1);
    expect(stdout).toContain(
      [
        '  ✗ expects the wrong value  (failing/failing.test.yaml:10:11)',
        '      event 2 (VERIFY_COMPLETED)',
        '        events[1].response.session_variable_updates[0].value',
        '          at failing/failing.test.yaml:15:33',
        '          expected: "HIGH"',
        '          actual:   "LOW"',
        '        why:',
        '          set "seen.risk" written by: basic/echo-risk [passing/rules.yaml:22:9]',
      ].join('\n'),
    );
    expect(lastLine(stdout)).toBe('1 passed, 3 failed');
  });

  it('colours only on a terminal without NO_COLOR', async () => {
    expect((await run(['failing'], { isTTY: true })).stdout).toContain('\u001b[31m✗');
    expect((await run(['failing'], { isTTY: true, env: { NO_COLOR: '1' } })).stdout).not.toContain('\u001b[');
  });
});

describe('rulehook test: values the catalog declares', () => {
  it('warns about a scenario variable its declaration refuses, at its line:col, and still runs the test', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'rulehook-values-'));
    try {
      await writeFile(path.join(dir, 'catalog.yaml'), 'variables:\n  verify.score: { kind: number }\n');
      await writeFile(
        path.join(dir, 'rules.yaml'),
        'ruleset: r\nrules:\n  - id: low\n    if: { var: verify.score, lt: 0.3 }\n    then: { set: { verify.score: "0" } }\n',
      );
      await writeFile(
        path.join(dir, 'values.test.yaml'),
        'rules: .\ntests:\n  - name: a comma\n    event: E\n    variables: { verify.score: "0,2" }\n    expect: { fired: [] }\n',
      );
      const { code, stdout } = await run(['.'], { cwd: dir });
      expect(code).toBe(0);
      expect(stdout).toContain(
        "values.test.yaml:5:32 - warning TEST_VALUE_NOT_ALLOWED: this test gives 'verify.score' the value '0,2', which the engine would not send: the catalog declares it as a number",
      );
      expect(lastLine(stdout)).toBe('1 passed, 0 failed');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('rulehook test: --filter', () => {
  it('runs only the tests whose name or file contains the text, in any case', async () => {
    const { code, stdout } = await run(['passing', 'failing', '--filter', 'LOW SCORES']);
    expect(code).toBe(0);
    expect(stdout).not.toContain('failing.test.yaml');
    expect(lastLine(stdout)).toBe('2 passed, 0 failed');
    expect(lastLine((await run(['passing', 'failing', '--filter', 'failing/'])).stdout)).toBe(
      '1 passed, 3 failed',
    );
  });

  it('fails when nothing matches, unless --allow-empty', async () => {
    const none = await run(['passing', '--filter', 'no such test']);
    expect(none.code).toBe(1);
    expect(none.stdout).toContain('no test matches --filter "no such test"\n');
    expect((await run(['passing', '--filter', 'no such test', '--allow-empty'])).code).toBe(0);
  });
});

describe('rulehook test: empty runs', () => {
  it('reports a file without tests, and accepts it as a warning with --allow-empty', async () => {
    const strict = await run(['empty']);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toContain('empty/empty.test.yaml:3:1 - error NO_TESTS: this file has no tests');
    const lenient = await run(['empty', '--allow-empty']);
    expect(lenient.code).toBe(0);
    expect(lenient.stdout).toContain('empty/empty.test.yaml:3:1 - warning NO_TESTS');
  });

  it('reports a run without scenario files, and says how to write one', async () => {
    const none = await run(['no-tests']);
    expect(none.code).toBe(1);
    expect(none.stdout).toContain(
      "no-tests - error NO_TEST_FILES: no scenario file (*.test.yaml, *.test.yml) under 'no-tests': write one (NAME.test.yaml; docs/testing.md shows how)",
    );
  });

  describe('without PATH, outside a rule pack', () => {
    let project: string;
    beforeEach(async () => {
      project = await mkdtemp(path.join(tmpdir(), 'rulehook-no-pack-'));
      await writeFile(path.join(project, 'package.json'), '{}');
    });
    afterEach(() => rm(project, { recursive: true, force: true }));

    it('says what it looked for and how to make it, naming no directory that does not exist', async () => {
      const none = await run([], { cwd: project });
      expect(none.code).toBe(1);
      expect(none.stdout).toContain(
        '. - error NO_TEST_FILES: no scenario file here: without a path, rulehook test runs the rule pack in the current directory, and this directory is not one (it holds no catalog.yaml and no *.test.yaml file); give the scenario files or directories to run (rulehook test PATH), write one (NAME.test.yaml; docs/testing.md shows how), or make a rule pack with a first test (rulehook init DIR)',
      );
      expect(none.stdout).not.toMatch(/'rules'|'examples'|rules\/|examples\//);
      expect(lastLine(none.stdout)).toBe('0 passed, 0 failed');
    });

    it('in a folder inside a pack, names the pack above', async () => {
      await cp(path.join(FIXTURES, 'passing'), path.join(project, 'pack'), { recursive: true });
      await mkdir(path.join(project, 'pack', 'recordings'));
      const inside = await run([], { cwd: path.join(project, 'pack', 'recordings') });
      expect(inside.code).toBe(1);
      expect(inside.stdout).toContain(
        "it is inside the rule pack '..': run rulehook test there, or give it (rulehook test ..)",
      );
    });

    it("runs the project's rules/ when it has one, and only that", async () => {
      await cp(path.join(FIXTURES, 'passing'), path.join(project, 'rules'), { recursive: true });
      const found = await run([], { cwd: project });
      expect(found.code).toBe(0);
      expect(found.stdout).toMatch(/^rules\/passing\.test\.yaml$/m);
      expect(found.stdout).not.toContain('examples');
    });
  });

  it('without PATH, in a rule pack (catalog.yaml or a scenario file at its top), runs the pack', async () => {
    const pack = await run([], { cwd: path.join(__dirname, '../../../../examples/noise-reduction') });
    expect(pack.code).toBe(0);
    expect(pack.stdout).toMatch(/^noise\.test\.yaml\n/m);
    expect(pack.stdout).not.toContain('NO_TEST_FILES');
    const scenarios = await run([], { cwd: path.join(FIXTURES, 'passing') });
    expect(scenarios.code).toBe(0);
    expect(scenarios.stdout.endsWith('\n5 passed, 0 failed\n')).toBe(true);
  });

  it('reports a path that does not exist', async () => {
    const { code, stdout } = await run(['passin']);
    expect(code).toBe(1);
    expect(stdout).toContain("passin - error FILE_NOT_FOUND: no such file or directory: 'passin'");
  });
});

describe('rulehook test: --format', () => {
  it('json: one documented object', async () => {
    const { code, stdout } = await run(['failing', '--format', 'json']);
    expect(code).toBe(1);
    const report = JSON.parse(stdout);
    expect(report.summary).toEqual({ tests: 4, passed: 1, failed: 3, files: 1 });
    // The rules' own warning (their audio.* filter entry can stop the VERIFY_COMPLETED events rules wait for).
    expect(
      report.diagnostics.map((d: { code: string; line: number; col: number }) => [d.code, d.line, d.col]),
    ).toEqual([['FILTER_DROPS_LISTENED_EVENT', 9, 34]]);
    const hidden = report.files[0].tests[2];
    expect(hidden).toMatchObject({
      name: 'expects an answer to an event the filter hides',
      status: 'failed',
      line: 17,
      col: 11,
    });
    expect(hidden.failures).toEqual([
      {
        event: 2,
        name: 'AUDIO_PROGRESS',
        mismatches: [
          {
            path: 'events[1].sent',
            location: 'failing/failing.test.yaml:23:18',
            message: "'fired' needs the webhook's answer, but the event was not sent",
            expected: true,
            actual: false,
          },
        ],
        why: [
          'the engine did not send this event: keys_to_ignore (entry "audio.*"); it changed only: audio.netSeconds',
        ],
      },
    ]);
  });

  it('junit: one suite per file, failures with their diff, errors for tests that cannot run', async () => {
    const { code, stdout } = await run(['failing', 'misspelled', '--format', 'junit']);
    expect(code).toBe(1);
    expect(
      stdout.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="rulehook test" tests="7" failures="3" errors="2">\n',
      ),
    ).toBe(true);
    expect(stdout).toContain(
      '<testsuite name="failing/failing.test.yaml" tests="4" failures="3" errors="0" skipped="0">',
    );
    expect(stdout).toContain(
      '<testcase name="passes" classname="failing/failing.test.yaml" file="failing/failing.test.yaml" line="25"/>',
    );
    expect(stdout).toContain(
      '<failure message="events[1].response.session_variable_updates[0].value" type="ExpectationFailed">',
    );
    expect(stdout).toContain('expected: &quot;HIGH&quot;');
    expect(stdout).toContain('<error message="not run: this test has errors (see above)" type="NotRun">');
    expect(stdout).toContain(
      '<testsuite name="rulehook diagnostics" tests="1" failures="0" errors="1" skipped="0">',
    );
    expect(stdout).toContain('did you mean &apos;basic/enroll-gold&apos;?');
    expect(stdout.trimEnd().endsWith('</testsuites>')).toBe(true);
  });
});

describe('rulehook test: --coverage', () => {
  it('shows the events that fired each rule, the rules never fired and the outcomes never seen', async () => {
    const { code, stdout } = await run(['passing', '--coverage']);
    expect(code).toBe(0);
    expect(stdout).toContain(
      [
        'Coverage: 3 of 4 enabled rules fired; 3 of 4 condition outcomes seen',
        '  events  rule',
        '       1  basic/mark-start',
        '       3  basic/enroll-gold',
        '       5  basic/echo-risk',
        '       0  basic/unused  never fired',
        '       -  basic/off  (disabled)',
        '  never fired:',
        '    basic/unused  [passing/rules.yaml:26:9]',
        '  condition outcomes never seen:',
        '    basic/enroll-gold if.all[1] `verify.score lt 0.3`: never false',
      ].join('\n'),
    );
    expect(lastLine(stdout)).toBe('5 passed, 0 failed');
  });

  it('counts the filtered events each rule waits for, in the text and in JSON', async () => {
    const { code, stdout } = await run(['swallowed', '--coverage']);
    expect(code).toBe(0);
    expect(stdout).toContain(
      [
        'Coverage: 1 of 3 enabled rules fired; 0 of 0 condition outcomes seen',
        '  events  rule',
        '       1  calls/quiet',
        '       0  calls/record-end  never fired  (1 event it waits for filtered)',
        '       0  calls/count-heartbeats  never fired  (1 event it waits for filtered)',
      ].join('\n'),
    );
    expect(stdout).toContain('  2 events that rules wait for were stopped by the filter\n');
    const json = JSON.parse((await run(['swallowed', '--coverage', '--format', 'json'])).stdout);
    expect(json.coverage.filteredListened).toBe(2);
    expect(json.coverage.rules.map((r: { rule: string; filtered: number }) => [r.rule, r.filtered])).toEqual([
      ['calls/quiet', 0],
      ['calls/record-end', 1],
      ['calls/count-heartbeats', 1],
    ]);
  });

  it('--require-coverage fails the run when an enabled rule never fired, and every format says so', async () => {
    const { code, stdout } = await run(['passing', '--require-coverage']);
    expect(code).toBe(1);
    expect(stdout).toContain('never fired:\n    basic/unused');
    expect(lastLine(stdout)).toBe(
      '5 passed, 0 failed; coverage requirement failed: 1 enabled rule never fired (basic/unused)',
    );
    const json = JSON.parse((await run(['passing', '--require-coverage', '--format', 'json'])).stdout);
    expect(json.coverage.neverFired).toEqual(['basic/unused']);
    expect(json.summary).toEqual({
      tests: 5,
      passed: 5,
      failed: 0,
      files: 1,
      coverageRequirement: { met: false, neverFired: ['basic/unused'] },
    });
    const junit = await run(['passing', '--require-coverage', '--format', 'junit']);
    expect(junit.code).toBe(1);
    expect(junit.stdout).toContain('<testsuites name="rulehook test" tests="6" failures="1" errors="0">');
    expect(junit.stdout).toContain(
      [
        '  <testsuite name="rulehook coverage" tests="1" failures="1" errors="0" skipped="0">',
        '    <testcase name="every enabled rule fires (--require-coverage)" classname="rulehook coverage">',
        '      <failure message="coverage requirement failed: 1 enabled rule never fired (basic/unused)" type="CoverageRequirement">never fired:',
        '  basic/unused  [passing/rules.yaml:26:9]',
        '</failure>',
      ].join('\n'),
    );
  });

  it('--require-coverage met: the summary line is the usual one, and the reports say it was met', async () => {
    const covered = await run(['noise-reduction', '--require-coverage', '--format', 'json'], {
      cwd: path.join(__dirname, '../../../../examples'),
    });
    expect(covered.code).toBe(0);
    const json = JSON.parse(covered.stdout);
    expect(json.summary.coverageRequirement).toEqual({ met: true, neverFired: [] });
    const human = await run(['noise-reduction', '--require-coverage'], {
      cwd: path.join(__dirname, '../../../../examples'),
    });
    expect(lastLine(human.stdout)).toMatch(/^\d+ passed, 0 failed$/);
    const junit = await run(['noise-reduction', '--require-coverage', '--format', 'junit'], {
      cwd: path.join(__dirname, '../../../../examples'),
    });
    expect(junit.stdout).toContain(
      '    <testcase name="every enabled rule fires (--require-coverage)" classname="rulehook coverage"/>',
    );
    const plain = await run(['passing', '--coverage', '--format', 'json']);
    expect(JSON.parse(plain.stdout).summary.coverageRequirement).toBeUndefined();
  });
});

describe('rulehook test: usage', () => {
  it.each([
    [['passing', '--colour'], "Unknown option '--colour'"],
    [['passing', '--format', 'xml'], '--format expects human, json or junit, got "xml"'],
  ])('%j is a usage error (exit 2)', async (args, message) => {
    const { code, stdout, stderr } = await run(args);
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    expect(stderr).toContain(message);
    expect(stderr).toContain('Usage: rulehook test [PATH...]');
  });

  it('prints its help', async () => {
    const { code, stdout } = await run(['--help']);
    expect(code).toBe(0);
    for (const flag of [
      '--filter',
      '--format',
      '--coverage',
      '--require-coverage',
      '--allow-empty',
      '--watch',
    ])
      expect(stdout).toContain(flag);
  });
});

describe('rulehook test --watch', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'rulehook-watch-'));
    await mkdir(path.join(dir, 'pack'));
    await cp(path.join(FIXTURES, 'passing'), path.join(dir, 'pack'), { recursive: true });
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('runs again when a rule file changes, until aborted', async () => {
    const memory = createMemoryIO({ cwd: dir });
    const controller = new AbortController();
    const done = runTest(['pack', '--watch'], memory, { signal: controller.signal });
    await waitFor(() => memory.out().includes('5 passed, 0 failed'));
    const rules = path.join(dir, 'pack', 'rules.yaml');
    await writeFile(rules, (await readFile(rules, 'utf8')).replace('risk.level: LOW', 'risk.level: HIGH'));
    await waitFor(() => /failed\n$/.test(memory.out()) && !memory.out().endsWith('5 passed, 0 failed\n'));
    expect(memory.out()).toContain('rulehook test: pack/rules.yaml changed; running again');
    controller.abort();
    expect(await done).toBe(1);
    expect(lastLine(memory.out())).toMatch(/^\d+ passed, [1-9]\d* failed$/);
  });

  it('returns at once when aborted before the first run ends', async () => {
    const controller = new AbortController();
    controller.abort();
    expect(
      await runTest(['pack', '--watch'], createMemoryIO({ cwd: dir }), { signal: controller.signal }),
    ).toBe(0);
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
