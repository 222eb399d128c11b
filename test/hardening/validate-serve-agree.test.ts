import { rm } from 'node:fs/promises';
import { runValidate } from '../../src/cli/commands/validate/validate';
import type { JsonDiagnostic } from '../../src/diagnostics';
import { createMemoryIO } from '../support/memory-io';
import { runCliProcess, writeRulesDir } from '../support/run-cli-process';
import { startServeProcess } from '../support/serve-process';

// Real processes and files of up to 1 MiB on a possibly loaded 2-core CI machine.
jest.setTimeout(60_000);

const ruleFile = (rule: { if?: string; then?: string; on?: string }, extra: string[] = []) =>
  [
    'ruleset: limits',
    ...extra,
    'rules:',
    '  - id: r',
    ...(rule.on ? [`    on: ${rule.on}`] : []),
    ...(rule.if ? [`    if: ${rule.if}`] : []),
    `    then: ${rule.then ?? '{ set: { fired: "yes" } }'}`,
    '',
  ].join('\n');
const nots = (levels: number) =>
  `${'{ not: '.repeat(levels - 1)}{ var: a, equals: b }${' }'.repeat(levels - 1)}`;
/** `not:` in block style, each level indented one more space. */
const blockNots = (levels: number) =>
  `\n${Array.from({ length: levels }, (_, i) => `${' '.repeat(6 + i)}not:`).join('\n')}\n${' '.repeat(6 + levels)}{ var: a, equals: b }`;

/** What each file makes validate say: one error, with its code. */
const CASES: [string, string, string][] = [
  [
    'a template of 60,000 placeholders',
    ruleFile({ then: `{ set: { t: "${'${k}'.repeat(60_000)}" } }` }),
    'TEMPLATE_TOO_LARGE',
  ],
  ['conditions nested 2,000 levels (flow)', ruleFile({ if: nots(2_000) }), 'YAML_TOO_DEEP'],
  ['conditions nested 1,400 levels (block)', ruleFile({ if: blockNots(1_400) }), 'YAML_TOO_DEEP'],
  [
    'lists nested 100,000 levels (flow)',
    ruleFile({}, [`x: ${'['.repeat(100_000)}${']'.repeat(100_000)}`]),
    'YAML_TOO_DEEP',
  ],
  ['lists nested 100,000 levels (block)', ruleFile({}, ['x:', `${'- '.repeat(100_000)}y`]), 'YAML_TOO_DEEP'],
  ['conditions nested 70 levels', ruleFile({ if: nots(70) }), 'CONDITION_TOO_DEEP'],
];

describe('validate reports every limit as a diagnostic, never a crash', () => {
  it.each(CASES)('%s', async (_, text, code) => {
    const dir = await writeRulesDir({ 'r.yaml': text });
    try {
      const io = createMemoryIO({ cwd: dir });
      expect(await runValidate(['.', '--format', 'json'], io)).toBe(1);
      const { diagnostics } = JSON.parse(io.out()) as { diagnostics: JsonDiagnostic[] };
      expect(diagnostics.map((d) => d.code)).toEqual([code]);
      expect(diagnostics[0]!.line).not.toBeNull();
      expect(io.err()).toBe('');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('serve refuses the same files, with the same diagnostics', () => {
  it.each(CASES.filter(([name]) => name.includes('nested')).slice(0, 4))('%s', async (_, text, code) => {
    const dir = await writeRulesDir({ 'r.yaml': text });
    try {
      const run = await runCliProcess(
        ['serve', '--rules', dir, '--http-port', '0', '--grpc-port', '0'],
        20_000,
      );
      expect(run.timedOut).toBe(false);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`error ${code}`);
      expect(run.stderr).toContain('refusing to start');
      expect(run.stderr).not.toMatch(/RangeError|\n\s+at /);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('what validate accepts, serve loads and answers with', () => {
  it('rules at every per-rule limit', async () => {
    const condition = `{ all: [ ${nots(63)}, { var: id, regex: "^${'[0-9]'.repeat(998)}$" } ] }`;
    const template = `"${'${k}'.repeat(256)}${'x'.repeat(16_384 - 256 * 4)}"`;
    const text = ruleFile({ on: 'CHECK', if: condition, then: `{ set: { t: ${template} } }` });
    const dir = await writeRulesDir({ 'r.yaml': text });
    const io = createMemoryIO({ cwd: dir });
    expect(await runValidate(['.'], io)).toBe(0);
    // As below: answered, whatever the machine's load (--eval-budget is tested on its own).
    const server = await startServeProcess(['--rules', dir, '--eval-budget', '10000'], 20_000);
    try {
      const res = await fetch(`http://127.0.0.1:${server.httpPort}/v1/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          session_variables: { 'state.currentEvent': 'CHECK', a: 'b', id: '1'.repeat(998), k: 'v' },
        }),
        signal: AbortSignal.timeout(5_000),
      });
      const body = (await res.json()) as { session_variable_updates: { key: string; value: string }[] };
      expect(body.session_variable_updates).toEqual([
        { key: 't', value: `${'v'.repeat(256)}${'x'.repeat(16_384 - 256 * 4)}` },
      ]);
    } finally {
      server.child.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('20,000 event names in one `on` next to 5,000 rules without `on` (plans would need gigabytes)', async () => {
    const names = Array.from({ length: 20_000 }, (_, i) => `N${i}`).join(', ');
    const open = Array.from(
      { length: 5_000 },
      (_, i) => `  - { id: o${i}, if: { var: k, equals: v${i} }, then: { set: { o: "${i}" } } }`,
    );
    const text = [
      'ruleset: wide',
      'rules:',
      `  - { id: named, on: [${names}], then: { set: { named: "yes" } } }`,
      '  - { id: glob, on: "G*", then: { set: { glob: "yes" } } }',
      ...open,
      '',
    ].join('\n');
    const dir = await writeRulesDir({ 'wide.yaml': text });
    expect(await runValidate(['.'], createMemoryIO({ cwd: dir }))).toBe(0);
    // The claim is that serve answers such a rule set, not how fast: a loaded CI machine can take the first
    // event (5,000 rules evaluated, a plan built) past the default 50 ms --eval-budget, which answers empty.
    const server = await startServeProcess(['--rules', dir, '--eval-budget', '10000'], 30_000);
    try {
      for (const [name, k, expected] of [
        [
          'N19999',
          'v4999',
          [
            { key: 'named', value: 'yes' },
            { key: 'o', value: '4999' },
          ],
        ],
        [
          'G7',
          'v0',
          [
            { key: 'glob', value: 'yes' },
            { key: 'o', value: '0' },
          ],
        ],
      ] as const) {
        const res = await fetch(`http://127.0.0.1:${server.httpPort}/v1/events`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ session_variables: { 'state.currentEvent': name, k } }),
          signal: AbortSignal.timeout(5_000),
        });
        expect(
          ((await res.json()) as { session_variable_updates: unknown }).session_variable_updates,
        ).toEqual(expected);
      }
    } finally {
      server.child.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    }
  });
});
