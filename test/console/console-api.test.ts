import { mkdtemp, readdir, readFile, rm, symlink } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startConsoleServer, type ConsoleServer } from './console-server';

/** The console's JSON API over real HTTP, on a copy of examples/fraud-and-spoofing. */
let server: ConsoleServer;
let risk: string;

beforeAll(async () => {
  server = await startConsoleServer('fraud-and-spoofing');
  risk = await readFile(path.join(server.pack, 'risk.yaml'), 'utf8');
});
afterAll(() => server.close());

describe('GET /console/api/pack', () => {
  it('lists every file of the pack with its kind and text', async () => {
    const { status, body } = await server.get('pack');
    expect(status).toBe(200);
    expect(body).toMatchObject({ mode: 'standalone', read_only: false, session_key: 'state.sessionId' });
    const kinds = Object.fromEntries(body.files.map((f: { path: string; kind: string }) => [f.path, f.kind]));
    expect(kinds).toMatchObject({
      'risk.yaml': 'rules',
      'catalog.yaml': 'catalog',
      'risk.test.yaml': 'test',
      'recordings/2024-06-11-risk-calls.jsonl': 'recording',
      'README.md': 'other',
    });
    expect(body.files.find((f: { path: string }) => f.path === 'risk.yaml').text).toBe(risk);
  });
});

describe('POST /console/api/sandbox-sessions', () => {
  it('asks a sandbox on a loopback address only, and says when none answers there', async () => {
    for (const url of ['http://192.0.2.1:7801', 'file:///etc/passwd', 'not a url', 3]) {
      const refused = await server.post('sandbox-sessions', { url });
      expect(refused).toEqual({
        status: 400,
        body: { error: { code: 'BAD_REQUEST', message: expect.any(String) } },
      });
    }
    // A port just closed: nothing listens there.
    const closed = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const unreachable = await server.post('sandbox-sessions', { url: `http://127.0.0.1:${closed}` });
    expect(unreachable.status).toBe(502);
    expect(unreachable.body.error.code).toBe('SANDBOX_UNREACHABLE');
  });
});

describe('POST /console/api/check', () => {
  it('reports nothing for the pack as saved', async () => {
    const { status, body } = await server.post('check', {});
    expect(status).toBe(200);
    expect(body.diagnostics.filter((d: { severity: string }) => d.severity === 'error')).toEqual([]);
  });

  it('reports a misspelled event name in `on:` as validate does, positioned in the edited text', async () => {
    const edited = risk.replace('on: SPOOF_CHECK_COMPLETED', 'on: SPOOF_CHECK_COMPLETD');
    const { status, body } = await server.post('check', { files: { 'risk.yaml': edited } });
    expect(status).toBe(200);
    const unknown = body.diagnostics.find((d: { code: string }) => d.code === 'UNKNOWN_EVENT');
    const line = edited.split('\n').findIndex((l) => l.includes('SPOOF_CHECK_COMPLETD')) + 1;
    expect(unknown).toMatchObject({
      file: 'risk.yaml',
      severity: 'warning',
      line,
      suggestion: 'SPOOF_CHECK_COMPLETED',
    });
  });

  it('names the bad field of a request', async () => {
    expect(await server.post('check', { files: { 'risk.yaml': 3 } })).toEqual({
      status: 400,
      body: { error: { code: 'BAD_REQUEST', message: expect.stringContaining('files["risk.yaml"]') } },
    });
    expect((await server.post('check', { files: { '../x.yaml': '' } })).body.error.code).toBe('OUTSIDE_PACK');
  });
});

describe('POST /console/api/complete', () => {
  it("offers the catalog's event names in `on:`", async () => {
    const edited = risk.replace('on: SPOOF_CHECK_COMPLETED', 'on: SPO');
    const line = edited.split('\n').findIndex((l) => l.includes('on: SPO')) + 1;
    const column = edited.split('\n')[line - 1]!.indexOf('SPO') + 4;
    const { status, body } = await server.post('complete', {
      files: { 'risk.yaml': edited },
      file: 'risk.yaml',
      line,
      column,
    });
    expect(status).toBe(200);
    expect(body.items).toContainEqual(expect.objectContaining({ label: 'SPOOF_CHECK_COMPLETED' }));
  });

  it('refuses a position that is not 1-based', async () => {
    const { status, body } = await server.post('complete', { file: 'risk.yaml', line: 0, column: 1 });
    expect(status).toBe(400);
    expect(body.error.message).toMatch(/^line: /);
  });
});

describe('the API', () => {
  it('answers unknown endpoints, wrong methods, bad JSON and cross-site requests with JSON errors', async () => {
    expect((await server.get('nope')).status).toBe(404);
    expect((await server.post('pack', {})).status).toBe(405);
    const bad = await fetch(`${server.url}/console/api/check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{',
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe('BAD_REQUEST');
    const form = await fetch(`${server.url}/console/api/check`, { method: 'POST', body: 'files=1' });
    expect(form.status).toBe(415);
    const foreign = await fetch(`${server.url}/console/api/pack`, {
      headers: { origin: 'http://evil.example' },
    });
    expect(foreign.status).toBe(403);
  });

  it('refuses a body over 4 MiB with 413', async () => {
    const { status, body } = await server.post('check', {
      files: { 'big.yaml': 'x'.repeat(4 * 1024 * 1024) },
    });
    expect(status).toBe(413);
    expect(body.error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('serves a page saying how to build it when the page is not built', async () => {
    const bare = await startConsoleServer('fraud-and-spoofing', {
      pageDirectory: path.join(server.pack, 'nothing'),
    });
    try {
      const response = await fetch(`${bare.url}/console/`);
      expect(response.status).toBe(503);
      expect(await response.text()).toContain('npm run build');
    } finally {
      await bare.close();
    }
  });
});

describe('POST /console/api/evaluate', () => {
  const spoofed = {
    'state.sessionId': 'cs-1',
    'state.currentEvent': 'SPOOF_CHECK_COMPLETED',
    'call.ani': '+13125550187',
    'spoof.decision': 'SPOOF',
    'spoof.reason': 'PLAYBACK_INDICATION',
    'spoof.score': '0.97',
  };

  it('answers an event as the engine model and the rules would: sent, delta, response, fired, why', async () => {
    const { status, body } = await server.post('evaluate', { events: [spoofed] });
    expect(status).toBe(200);
    const [result] = body.results;
    expect(result).toMatchObject({ sent: true, fired: ['fraud-and-spoofing/spoof-suspected'] });
    expect(result.delta).toEqual(expect.arrayContaining(['spoof.decision', 'spoof.score']));
    expect(result.response).toMatchObject({
      result_code: 200,
      session_variable_updates: expect.arrayContaining([{ key: 'risk.level', value: 'HIGH' }]),
    });
    expect(result.rules).toContainEqual({
      id: 'fraud-and-spoofing/spoof-suspected',
      fired: true,
      why: expect.stringMatching(/^fired/),
    });
    expect(result.rules).toContainEqual({
      id: 'fraud-and-spoofing/skip-qa-test-calls',
      fired: false,
      why: expect.stringContaining('its `if` does not hold'),
    });
  });

  it("runs a call's events in order: the rules' own updates are carried to the next event", async () => {
    const { body } = await server.post('evaluate', {
      events: [spoofed, { ...spoofed, 'spoof.score': '0.99' }],
    });
    expect(body.results).toHaveLength(2);
    // risk.level is HIGH from the first answer on: the rule does not alert twice.
    expect(body.results[1].fired).not.toContain('fraud-and-spoofing/spoof-suspected');
  });

  it('runs the edited rules, and refuses rules with errors with their diagnostics', async () => {
    const edited = risk.replace(
      'priority: 50\n    stop: true\n    if:\n      all:\n        - ref: spoof-hit',
      'priority: high\n    stop: true\n    if:\n      all:\n        - ref: spoof-hit',
    );
    expect(edited).not.toBe(risk);
    const { status, body } = await server.post('evaluate', {
      files: { 'risk.yaml': edited },
      events: [spoofed],
    });
    expect(status).toBe(422);
    expect(body.error.code).toBe('RULES_INVALID');
    expect(body.diagnostics[0]).toMatchObject({ file: 'risk.yaml', severity: 'error' });
  });

  it('names the event and variable of bad input', async () => {
    const bad = await server.post('evaluate', { events: [spoofed, { ...spoofed, 'spoof.score': 0.9 }] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^events\[1\]\["spoof.score"\]: /);
    const unnamed = await server.post('evaluate', { events: [{ 'call.ani': '1' }] });
    expect(unnamed.body.error.message).toMatch(/^events\[0\]: no "state.currentEvent"/);
  });
});

describe('POST /console/api/test', () => {
  it("returns the pack's scenario test results as rulehook test --format json prints them", async () => {
    const { status, body } = await server.post('test', {});
    expect(status).toBe(200);
    expect(body.summary.tests).toBeGreaterThan(0);
    expect(body.summary).toMatchObject({ failed: 0, files: 1 });
    expect(body.files[0].file).toBe('risk.test.yaml');
    expect(body.coverage).toBeDefined();
  });

  it('runs the tests against the edited rules, without writing them', async () => {
    const edited = risk.replace('on: SPOOF_CHECK_COMPLETED', 'on: VERIFY_COMPLETED');
    const { body } = await server.post('test', { files: { 'risk.yaml': edited } });
    expect(body.summary.failed).toBeGreaterThan(0);
    const failing = body.files[0].tests.find((t: { status: string }) => t.status === 'failed');
    expect(failing.failures[0].mismatches.length).toBeGreaterThan(0);
    expect(await readFile(path.join(server.pack, 'risk.yaml'), 'utf8')).toBe(risk);
  });
});

describe('POST /console/api/save', () => {
  it('refuses an edit that does not validate, writing nothing', async () => {
    const broken = risk.replace('ruleset: fraud-and-spoofing', 'ruleset: [fraud]');
    const { status, body } = await server.post('save', { files: { 'risk.yaml': broken, 'notes.md': 'x' } });
    expect(status).toBe(422);
    expect(body.error.code).toBe('RULES_INVALID');
    expect(
      body.diagnostics.some(
        (d: { file: string; severity: string }) => d.file === 'risk.yaml' && d.severity === 'error',
      ),
    ).toBe(true);
    expect(await readFile(path.join(server.pack, 'risk.yaml'), 'utf8')).toBe(risk);
    await expect(readFile(path.join(server.pack, 'notes.md'), 'utf8')).rejects.toThrow();
  });

  it('refuses paths that leave the pack', async () => {
    // A link to a directory outside the pack (removed after: the pack would load what it holds).
    const elsewhere = await mkdtemp(path.join(os.tmpdir(), 'rulehook-console-elsewhere-'));
    await symlink(elsewhere, path.join(server.pack, 'out'));
    try {
      for (const file of ['../x.yaml', '/etc/x.yaml', 'out/x.yaml', '.git/config']) {
        const { status, body } = await server.post('save', { files: { [file]: 'x' } });
        expect({ file, status, code: body.error.code }).toEqual({ file, status: 403, code: 'OUTSIDE_PACK' });
      }
      expect(await readdir(elsewhere)).toEqual([]);
    } finally {
      await rm(path.join(server.pack, 'out'));
      await rm(elsewhere, { recursive: true });
    }
  });

  it('writes a valid edit, whole', async () => {
    const edited = risk.replace('priority: 100', 'priority: 90');
    const { status, body } = await server.post('save', {
      files: { 'risk.yaml': edited, 'notes/a.md': 'a\n' },
    });
    expect({ status, body }).toEqual({ status: 200, body: { saved: ['risk.yaml', 'notes/a.md'] } });
    expect(await readFile(path.join(server.pack, 'risk.yaml'), 'utf8')).toBe(edited);
    expect(await readFile(path.join(server.pack, 'notes/a.md'), 'utf8')).toBe('a\n');
    expect((await readdir(server.pack)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('is refused by a read-only console', async () => {
    const readOnly = await startConsoleServer('fraud-and-spoofing', { readOnly: true, mode: 'serve' });
    try {
      expect((await readOnly.get('pack')).body).toMatchObject({ mode: 'serve', read_only: true });
      const { status, body } = await readOnly.post('save', { files: { 'risk.yaml': risk } });
      expect({ status, code: body.error.code }).toEqual({ status: 403, code: 'READ_ONLY' });
    } finally {
      await readOnly.close();
    }
  });
});
