import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { JsonDiagnostic } from '../../../diagnostics';
import type { CliIO } from '../../../terminal/command-io';
import { runValidate } from './validate';

const FIXTURES = path.join(__dirname, '../../../../test/fixtures/rules');

async function run(args: string[], io: Partial<CliIO> = {}) {
  let stdout = '';
  let stderr = '';
  const code = await runValidate(args, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    cwd: FIXTURES,
    env: {},
    isTTY: false,
    ...io,
  });
  return { code, stdout, stderr };
}

describe('rulehook validate on a file with many different mistakes', () => {
  it('reports every one of them with its line and column', async () => {
    const { code, stdout } = await run(['many-mistakes.yaml', '--format', 'json']);
    const report = JSON.parse(stdout);
    expect(code).toBe(1);
    expect(
      report.diagnostics.map(
        (d: JsonDiagnostic) => `${d.line}:${d.col} ${d.code}${d.suggestion ? ` -> ${d.suggestion}` : ''}`,
      ),
    ).toEqual([
      '5:1 UNKNOWN_KEY -> description',
      '7:3 UNUSED_LIST',
      '9:3 UNUSED_CONDITION',
      '10:3 UNUSED_CONDITION',
      '10:23 REF_CYCLE',
      '16:16 UNKNOWN_REF -> gold',
      '17:47 UNKNOWN_LIST -> risky',
      '18:36 NON_NUMERIC_OPERAND',
      '19:31 UNKNOWN_OPERATOR -> equals',
      '20:11 MISSING_OPERATOR',
      '21:45 MULTIPLE_OPERATORS',
      '22:37 INVALID_REGEX',
      '25:21 TEMPLATE_SYNTAX',
      '27:27 MISPLACED_WILDCARD',
      '28:15 INVALID_TYPE',
      '29:9 DUPLICATE_RULE_ID',
      '30:5 EMPTY_THEN',
      '31:5 MISSING_KEY',
      '33:5 DUPLICATE_KEY',
    ]);
    expect(report.diagnostics.every((d: JsonDiagnostic) => d.file === 'many-mistakes.yaml')).toBe(true);
    expect(
      report.diagnostics
        .filter((d: JsonDiagnostic) => d.severity === 'warning')
        .map((d: JsonDiagnostic) => d.code),
    ).toEqual(['UNUSED_LIST', 'UNUSED_CONDITION', 'UNUSED_CONDITION']);
    expect(report.summary).toEqual({ errors: 16, warnings: 3, files: 1 });
  });

  it('prints them for people with code frames and a summary line', async () => {
    const { stdout } = await run(['many-mistakes.yaml']);
    expect(stdout).toContain(
      [
        "many-mistakes.yaml:19:31 - error UNKNOWN_OPERATOR: 'equls' is not an operator",
        '',
        '  19 |         - { var: custom.tier, equls: gold }',
        '     |                               ^^^^^',
        "  did you mean 'equals'?",
      ].join('\n'),
    );
    expect(stdout.endsWith('\n16 errors, 3 warnings in 1 file\n')).toBe(true);
  });
});

describe('rulehook validate: outcomes', () => {
  it('exits 0 on valid rules', async () => {
    const { code, stdout, stderr } = await run(['valid']);
    expect({ code, stdout, stderr }).toEqual({
      code: 0,
      stdout: '0 errors, 0 warnings in 4 files\n',
      stderr: '',
    });
  });

  it('exits 0 on warnings alone, and 1 with --strict', async () => {
    const args = ['valid', '--catalog', 'catalog-mistakes/catalog.yaml'];
    const lenient = await run(args);
    expect(lenient.code).toBe(0);
    expect(lenient.stdout).toContain('0 errors, 4 warnings in 4 files');
    expect((await run([...args, '--strict'])).code).toBe(1);
  });

  it('reports every file of several paths in one run', async () => {
    const { code, stdout } = await run([
      'duplicate-ruleset',
      'catalog-mistakes',
      'bad-catalog',
      '--format',
      'json',
    ]);
    const report = JSON.parse(stdout);
    expect(code).toBe(1);
    expect(report.diagnostics.map((d: JsonDiagnostic) => `${d.code} ${d.file}`)).toEqual([
      'EXTRA_CATALOG bad-catalog/catalog.yaml',
      'DUPLICATE_RULESET duplicate-ruleset/b.yaml',
      'UNKNOWN_EVENT catalog-mistakes/rules.yaml',
      'MISSING_ACTION_PARAMETER catalog-mistakes/rules.yaml',
      'UNKNOWN_ACTION_PARAMETER catalog-mistakes/rules.yaml',
      'UNKNOWN_EVENT bad-catalog/rules.yaml',
    ]);
  });

  it('colours only on a terminal without NO_COLOR', async () => {
    expect((await run(['many-mistakes.yaml'], { isTTY: true })).stdout).toContain('\u001b[');
    expect((await run(['many-mistakes.yaml'], { isTTY: true, env: { NO_COLOR: '1' } })).stdout).not.toContain(
      '\u001b[',
    );
    expect((await run(['many-mistakes.yaml', '--format', 'json'], { isTTY: true })).stdout).not.toContain(
      '\u001b[',
    );
  });
});

describe('rulehook validate: usage', () => {
  it.each([
    [['valid', '--colour'], "Unknown option '--colour'"],
    [['valid', '--format', 'xml'], '--format expects human or json, got "xml"'],
  ])('%j is a usage error (exit 2)', async (args, message) => {
    const { code, stdout, stderr } = await run(args);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain(message);
    expect(stderr).toContain('Usage: rulehook validate [PATH...]');
  });

  it('prints its help', async () => {
    const { code, stdout } = await run(['--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('--strict');
  });
});

describe('rulehook validate without PATH', () => {
  let project: string;
  beforeEach(async () => {
    project = await mkdtemp(path.join(tmpdir(), 'rulehook-validate-'));
    await writeFile(path.join(project, 'package.json'), '{}');
  });
  afterEach(() => rm(project, { recursive: true, force: true }));

  it('in a rule pack, checks the pack, as test and replay find it, and says so', async () => {
    await cp(path.join(FIXTURES, 'valid'), path.join(project, 'pack'), { recursive: true });
    const inPack = await run([], { cwd: path.join(project, 'pack') });
    expect(inPack).toEqual({
      code: 0,
      stdout: '0 errors, 0 warnings in 4 files\n',
      stderr: 'rulehook validate: checking the rule pack in the current directory (.)\n',
    });
    const given = await run(['.'], { cwd: path.join(project, 'pack') });
    expect(given.stdout).toBe(inPack.stdout);
  });

  it("in a project, checks each of its packs on its own, and the pack's mistakes fail it", async () => {
    await cp(path.join(FIXTURES, 'valid'), path.join(project, 'rules'), { recursive: true });
    await cp(path.join(FIXTURES, 'catalog-mistakes'), path.join(project, 'examples'), { recursive: true });
    const { code, stdout, stderr } = await run(['--format', 'json'], { cwd: project });
    expect(stderr).toBe(
      'rulehook validate: checking the rule packs rules/ and examples/ of the current directory, each on its own\n',
    );
    const report = JSON.parse(stdout);
    expect(code).toBe(1);
    expect(report.diagnostics.length).toBeGreaterThan(0);
    expect(report.diagnostics.every((d: JsonDiagnostic) => d.file.startsWith('examples/'))).toBe(true);
    expect(report.summary.files).toBe(6);
  });

  it('outside any pack, is a usage error that says what it looked for, and names the pack above', async () => {
    const none = await run([], { cwd: project });
    expect(none.code).toBe(2);
    expect(none.stdout).toBe('');
    expect(none.stderr).toContain(
      'rulehook validate: give a rule file or directory to check, or --config FILE; without one, validate checks the rule pack in the current directory, and this directory is not one (it holds no catalog.yaml and no *.test.yaml file); make one with rulehook init DIR\n',
    );
    await cp(path.join(FIXTURES, 'valid'), path.join(project, 'pack'), { recursive: true });
    await mkdir(path.join(project, 'pack', 'recordings'));
    const inside = await run([], { cwd: path.join(project, 'pack', 'recordings') });
    expect(inside.code).toBe(2);
    expect(inside.stderr).toContain(
      "it is inside the rule pack '..': run rulehook validate there, or give it (rulehook validate ..)",
    );
  });
});

describe('rulehook validate on a filter of one file that stops what a rule of another waits for', () => {
  it('warns at the entry, naming the rule, its event and when the filter starts', async () => {
    const { code, stdout } = await run(['swallowed-events', '--format', 'json']);
    const report = JSON.parse(stdout);
    expect(code).toBe(0);
    expect(report.diagnostics).toEqual([
      {
        code: 'FILTER_DROPS_LISTENED_EVENT',
        severity: 'warning',
        file: 'swallowed-events/noise.yaml',
        line: 8,
        col: 26,
        endLine: 8,
        endCol: 35,
        message:
          "the filter entry 'audio.*' (keys_to_ignore) stops every event whose only changed variables match keys_to_ignore, from the event after rule noise/quiet fires (on CALL_STARTED); rule calls/record-end waits for CALL_ENDED and misses such events. If the event always changes a variable of its own, require it in the rule's condition ({ changed: NAME }); otherwise narrow the entry",
        related: {
          file: 'swallowed-events/calls.yaml',
          line: 4,
          col: 9,
          endLine: 4,
          endCol: 19,
          message: 'rule calls/record-end waits here',
        },
      },
    ]);
    expect((await run(['swallowed-events', '--strict'])).code).toBe(1);
  });
});
