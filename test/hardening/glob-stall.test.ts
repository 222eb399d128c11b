import { rm } from 'node:fs/promises';
import { runValidate } from '../../src/cli/commands/validate/validate';
import type { JsonDiagnostic } from '../../src/diagnostics';
import { createMemoryIO } from '../support/memory-io';
import { writeRulesDir } from '../support/run-cli-process';
import { startServeProcess, type ServeProcess } from '../support/serve-process';
import { expectHealthWhile, STALL_MS } from '../support/stall';

// Real processes on a possibly loaded 2-core CI machine; each request below has its own, tighter bound.
jest.setTimeout(30_000);

/**
 * Twenty thousand `a`: micromatch compiled `*a*a*a*a*b` to a backtracking
 * regular expression, whose time grows with the fourth power of the length
 * (`*a*a*b` took 6 s on 4,000 characters).
 */
const LONG = 'a'.repeat(20_000);
const EVIL = '*a*a*a*a*b';
const RULES = [
  'ruleset: stall',
  'rules:',
  '  - id: evil-value',
  '    on: CHECK',
  `    if: { var: x, matches: "${EVIL}" }`,
  '    then: { set: { value.matched: "yes" } }',
  '  - id: evil-name',
  `    on: "${EVIL}"`,
  '    then: { set: { name.matched: "yes" } }',
  '  - id: evil-key',
  `    if: { changed: "${EVIL}" }`,
  '    then: { set: { key.changed: "yes" } }',
  '  - id: answered',
  '    if: { var: id, matches: "[0-9]*" }',
  '    then: { set: { id.ok: "yes" } }',
  '',
].join('\n');

const post = (port: number, variables: Record<string, string>) =>
  fetch(`http://127.0.0.1:${port}/v1/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ session_variables: { 'state.currentEvent': 'CHECK', id: '1', ...variables } }),
    signal: AbortSignal.timeout(5_000),
  });

/** A long value (`matches`), a long event name (`on`), a long variable name (`changed`). */
const EVIL_EVENTS: readonly [string, Record<string, string>][] = [
  ['a value', { x: LONG }],
  ['an event name', { 'state.currentEvent': LONG }],
  ['a variable name', { [LONG]: 'v' }],
];

describe('no glob can stall the server', () => {
  let dir: string;
  let server: ServeProcess;
  beforeAll(async () => {
    dir = await writeRulesDir({ 'stall.yaml': RULES });
    // Names that long are refused by default (--max-key-bytes): raised here to reach the glob behind them.
    server = await startServeProcess(['--rules', dir, '--max-key-bytes', '65536']);
    await post(server.httpPort!, { x: 'warm' }); // first request: connection, JIT
  });
  afterAll(async () => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  });

  it.each(EVIL_EVENTS)(
    'answers an event with %s of 20,000 characters without stalling',
    async (_, variables) => {
      const start = performance.now();
      const res = await post(server.httpPort!, variables);
      const ms = performance.now() - start;
      expect(res.status).toBe(200);
      const body = (await res.json()) as { session_variable_updates: { key: string; value: string }[] };
      expect(body.session_variable_updates.filter((u) => !u.key.startsWith('rulehook.'))).toEqual([
        { key: 'id.ok', value: 'yes' },
      ]);
      expect(ms).toBeLessThan(STALL_MS);
    },
  );

  it('keeps answering /healthz while such events arrive', async () => {
    const events = EVIL_EVENTS.flatMap(([, variables]) => [
      post(server.httpPort!, variables),
      post(server.httpPort!, variables),
    ]);
    await expectHealthWhile(server.httpPort!, events);
  });
});

describe('validate refuses globs outside the documented syntax', () => {
  it('reports an extglob as GLOB_UNSUPPORTED at the construct, saying what to write instead', async () => {
    const dir = await writeRulesDir({
      'extglob.yaml': RULES.replace(`on: "${EVIL}"`, () => 'on: "@(A|B)_DONE"'),
    });
    try {
      const io = createMemoryIO({ cwd: dir });
      expect(await runValidate(['.', '--format', 'json'], io)).toBe(1);
      const { diagnostics } = JSON.parse(io.out()) as { diagnostics: JsonDiagnostic[] };
      expect(diagnostics).toHaveLength(1);
      expect(diagnostics[0]).toMatchObject({ code: 'GLOB_UNSUPPORTED', line: 8, col: 10 });
      expect(diagnostics[0]!.message).toContain('extglobs (`@(...)`) cannot be used in a glob');
      expect(diagnostics[0]!.message).toContain('braces (`{a,b}`)');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
