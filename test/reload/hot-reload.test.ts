import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { postEvent } from '../support/engine-session';
import { writeRulesDir } from '../support/run-cli-process';
import { startServeProcess, type ServeProcess } from '../support/serve-process';
import { saveFile } from '../support/save-file';

/**
 * Hot reload on the real built server: a change of the files, SIGHUP and
 * POST /admin/reload put a valid rule set in service whole, refuse an invalid
 * one (the last good one keeps serving), and never answer with a mix of two.
 */

jest.setTimeout(60_000);

/** Two rules of one generation: a response from a complete rule set has both tags equal. */
const generation = (n: number): string => `ruleset: reload
rules:
  - id: first
    on: CALL_STARTED
    then:
      set: { gen.first: "${n}" }
  - id: second
    on: CALL_STARTED
    then:
      set: { gen.second: "${n}" }
`;
const BROKEN = generation(99).replace('on: CALL_STARTED', 'onn: CALL_STARTED');

async function tagsOf(
  port: number | undefined,
): Promise<{ status: number; first?: string; second?: string }> {
  const reply = await postEvent(port, { 'state.sessionId': 's', 'state.currentEvent': 'CALL_STARTED' });
  const updates = new Map(reply.body.session_variable_updates?.map((u) => [u.key, u.value]));
  return { status: reply.status, first: updates.get('gen.first'), second: updates.get('gen.second') };
}

/** Polls until the server answers with generation `n`, or `ms` pass; returns whether it did. */
async function waitForGeneration(port: number | undefined, n: number, ms = 10_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if ((await tagsOf(port)).first === String(n)) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
}

const reload = (port: number | undefined, token?: string) =>
  fetch(`http://127.0.0.1:${port}/admin/reload`, {
    method: 'POST',
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  }).then(async (res) => ({
    status: res.status,
    body: (await res.json()) as {
      result: string;
      revision: string;
      previous: string;
      diagnostics: unknown[];
    },
  }));

describe('hot reload', () => {
  let dir: string;
  let server: ServeProcess | undefined;
  afterEach(async () => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    await server?.exited;
    server = undefined;
    await rm(dir, { recursive: true, force: true });
  });

  it('under steady load, ten edits (one invalid) are served whole, in order, and the invalid one is refused', async () => {
    dir = await writeRulesDir({ 'rules.yaml': generation(0) });
    const file = path.join(dir, 'rules.yaml');
    server = await startServeProcess(['--rules', dir, '--no-grpc']);
    const port = server.httpPort;
    const lanes: { status: number; first?: string; second?: string }[][] = [[], [], [], []];
    let loading = true;
    const load = Promise.all(
      lanes.map(async (lane) => {
        while (loading) lane.push(await tagsOf(port));
      }),
    );
    for (let n = 1; n <= 10; n++) {
      if (n === 6) {
        await saveFile(file, BROKEN);
        await waitForLog(server, 'rules reload refused');
        // Still the last good rule set.
        expect((await tagsOf(port)).first).toBe('5');
        continue;
      }
      await saveFile(file, generation(n));
      expect(await waitForGeneration(port, n)).toBe(true);
    }
    loading = false;
    await load;
    const answers = lanes.flat();

    expect(answers.length).toBeGreaterThan(50);
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    expect(answers.filter((a) => a.first === undefined || a.first !== a.second)).toEqual([]);
    // Never the refused generation, and each lane saw generations only move forward.
    expect(answers.some((a) => a.first === '99')).toBe(false);
    for (const lane of lanes) {
      const seen = lane.map((a) => Number(a.first));
      expect(seen).toEqual([...seen].sort((a, b) => a - b));
    }
    const refused = server
      .stderr()
      .split('\n')
      .filter((l) => l.includes('rules reload refused'));
    expect(refused).toHaveLength(1);
    expect(JSON.parse(refused[0] ?? '{}')).toMatchObject({
      level: 'error',
      trigger: 'watch',
      diagnostics: [{ code: 'UNKNOWN_KEY', line: 4, col: 5, suggestion: 'on' }],
    });
  });

  it('with --no-watch, an edit changes nothing until SIGHUP, which reloads without stopping the server', async () => {
    dir = await writeRulesDir({ 'rules.yaml': generation(1) });
    server = await startServeProcess(['--rules', dir, '--no-grpc', '--no-watch']);
    await writeFile(path.join(dir, 'rules.yaml'), generation(2));
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect((await tagsOf(server.httpPort)).first).toBe('1');
    server.child.kill('SIGHUP');
    expect(await waitForGeneration(server.httpPort, 2)).toBe(true);
    expect(server.child.exitCode).toBeNull();
    // Logged once the new rules are in service and the other files re-read: just after the swap.
    await waitForLog(server, '"msg":"rules reloaded"');
  });

  it('POST /admin/reload answers with the report: 200 reloaded or unchanged, 422 refused with diagnostics', async () => {
    dir = await writeRulesDir({ 'rules.yaml': generation(1) });
    server = await startServeProcess(['--rules', dir, '--no-grpc', '--no-watch']);
    const port = server.httpPort;
    const unchanged = await reload(port);
    expect(unchanged.status).toBe(200);
    expect(unchanged.body.result).toBe('unchanged');
    // The revision as `serve` prints it at startup, and as every other place shows it.
    expect(unchanged.body.revision).toBe(/\(revision ([0-9a-f]{12})\)/.exec(server.stdout())?.[1]);

    await writeFile(path.join(dir, 'rules.yaml'), generation(2));
    const reloaded = await reload(port);
    expect(reloaded).toEqual({
      status: 200,
      body: {
        result: 'reloaded',
        revision: expect.any(String),
        previous: unchanged.body.revision,
        diagnostics: [],
      },
    });
    expect(reloaded.body.revision).not.toBe(unchanged.body.revision);
    // The report comes once the new rule set is in service.
    expect((await tagsOf(port)).first).toBe('2');

    await writeFile(path.join(dir, 'rules.yaml'), BROKEN);
    const refused = await reload(port);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      result: 'refused',
      revision: reloaded.body.revision,
      previous: reloaded.body.revision,
      diagnostics: [{ code: 'UNKNOWN_KEY', severity: 'error', line: 4, col: 5 }],
    });
    expect((await tagsOf(port)).first).toBe('2');
    const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    for (const result of ['reloaded', 'unchanged', 'refused'])
      expect(metrics).toMatch(new RegExp(`^rulehook_rule_reloads_total\\{result="${result}"\\} 1$`, 'm'));
    expect(metrics).toMatch(
      new RegExp(`^rulehook_rules_revision_info\\{revision="${reloaded.body.revision}"\\} 1$`, 'm'),
    );
  });

  it('with --auth-tokens-file, POST /admin/reload needs a token, and a reload re-reads the tokens file', async () => {
    const [oldToken, newToken] = ['old-token-0123456789', 'new-token-0123456789'];
    dir = await writeRulesDir({ 'rules.yaml': generation(1), 'tokens.txt': `${oldToken}\n` });
    const rules = path.join(dir, 'rules.yaml');
    const tokens = path.join(dir, 'tokens.txt');
    server = await startServeProcess([
      '--rules',
      rules,
      '--auth-tokens-file',
      tokens,
      '--no-grpc',
      '--no-watch',
    ]);
    const port = server.httpPort;
    expect((await reload(port)).status).toBe(401);
    expect((await reload(port, newToken)).status).toBe(401);

    // Rotation: the new token is added, the old one removed; the reload that reads the file uses the old one.
    await writeFile(tokens, `${newToken}\n`);
    expect((await reload(port, oldToken)).status).toBe(200);
    expect((await reload(port, oldToken)).status).toBe(401);
    expect((await reload(port, newToken)).body.result).toBe('unchanged');

    // A broken tokens file is refused and logged; the tokens loaded before stay valid. SIGHUP reloads too.
    await writeFile(tokens, 'short\n');
    server.child.kill('SIGHUP');
    await waitForLog(server, 'tokens reload refused');
    expect((await reload(port, newToken)).status).toBe(200);
  });
});

async function waitForLog(server: ServeProcess, text: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!server.stderr().includes(text)) {
    if (Date.now() > deadline) throw new Error(`no log line with ${JSON.stringify(text)} within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
