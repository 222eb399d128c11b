import { rm } from 'node:fs/promises';
import { runValidate } from '../../src/cli/commands/validate/validate';
import type { JsonDiagnostic } from '../../src/diagnostics';
import { createMemoryIO } from '../support/memory-io';
import { writeRulesDir } from '../support/run-cli-process';
import { startServeProcess, type ServeProcess } from '../support/serve-process';
import { expectHealthWhile, STALL_MS } from '../support/stall';

// Real processes on a possibly loaded 2-core CI machine; each request below has its own, tighter bound.
jest.setTimeout(30_000);

/** Thirty `a` and a `b`: V8's backtracking engine takes ~15 s on `(a+)+$` with it. */
const EVIL_TEXT = `${'a'.repeat(30)}b`;
const RULES = [
  'ruleset: stall',
  'rules:',
  '  - id: evil',
  '    on: CHECK',
  '    if: { var: x, regex: "(a+)+$" }',
  '    then: { set: { matched: "yes" } }',
  '  - id: anchored',
  '    on: CHECK',
  "    if: { var: id, regex: '^[0-9]{8}$' }",
  '    then: { set: { id.ok: "yes" } }',
  '',
].join('\n');

const post = (port: number, variables: Record<string, string>) =>
  fetch(`http://127.0.0.1:${port}/v1/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ session_variables: { 'state.currentEvent': 'CHECK', ...variables } }),
    signal: AbortSignal.timeout(5_000),
  });

describe('one regex cannot stall the server', () => {
  let dir: string;
  let server: ServeProcess;
  beforeAll(async () => {
    dir = await writeRulesDir({ 'stall.yaml': RULES });
    server = await startServeProcess(['--rules', dir]);
  });
  afterAll(async () => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  });

  it('answers the event that made a backtracking engine take seconds without stalling', async () => {
    await post(server.httpPort!, { x: 'warm', id: '1' }); // first request: connection, JIT
    const start = performance.now();
    const res = await post(server.httpPort!, { x: EVIL_TEXT, id: '12345678' });
    const ms = performance.now() - start;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      result_code: 200,
      session_variable_updates: [{ key: 'id.ok', value: 'yes' }],
    });
    expect(ms).toBeLessThan(STALL_MS);
  });

  it('keeps answering /healthz while such events arrive', async () => {
    const events = Array.from({ length: 5 }, () => post(server.httpPort!, { x: EVIL_TEXT }));
    await expectHealthWhile(server.httpPort!, events);
  });
});

describe('many linear regexes on a large value are stopped by --eval-budget', () => {
  // 1,000 leaves, each reading the whole 256 KiB value (case-insensitive: no literal shortcut), the last
  // one holding: about 1.5-4 s of scanning that would fire the rule, were the budget checked only between rules.
  const leaves = Array.from({ length: 999 }, (_, i) => `        - { var: big, regex: '(?i)fraud${i}' }`);
  const rules = [
    'ruleset: scans',
    'rules:',
    '  - id: many',
    '    on: CHECK',
    '    if:',
    '      any:',
    ...leaves,
    "        - { var: big, regex: '(?i)a$' }",
    '    then: { set: { matched: "yes" } }',
    '',
  ].join('\n');
  let dir: string;
  let server: ServeProcess;
  beforeAll(async () => {
    dir = await writeRulesDir({ 'scans.yaml': rules });
    server = await startServeProcess(['--rules', dir, '--eval-budget', '50']);
  });
  afterAll(async () => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  });

  it('answers with the fail policy (open: no instruction) and counts the event over budget', async () => {
    const res = await post(server.httpPort!, { big: 'a'.repeat(256 * 1024) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ result_code: 200 });
    const metrics = await (await fetch(`http://127.0.0.1:${server.httpPort}/metrics`)).text();
    expect(metrics).toMatch(/^rulehook_evaluation_budget_exceeded_total 1$/m);
  });
});

describe('validate refuses what the linear-time engine cannot run', () => {
  it('reports a backreference as REGEX_UNSUPPORTED at the construct, saying why', async () => {
    const dir = await writeRulesDir({
      'backref.yaml': RULES.replace('"(a+)+$"', () => "'^(\\w+) \\1$'"),
    });
    try {
      const io = createMemoryIO({ cwd: dir });
      expect(await runValidate(['.', '--format', 'json'], io)).toBe(1);
      const { diagnostics } = JSON.parse(io.out()) as { diagnostics: JsonDiagnostic[] };
      const [d] = diagnostics;
      expect(d).toMatchObject({ code: 'REGEX_UNSUPPORTED', line: 5, col: 34 });
      expect(d!.message).toContain('backreferences (`\\1`) cannot be used');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
