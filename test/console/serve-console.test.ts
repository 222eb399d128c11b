import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { useServeProcesses, type ServeProcess } from '../support/serve-process';

/**
 * `rulehook serve --console` over real HTTP, the built binary: the console's API behind the tokens, the
 * live decisions as Server-Sent Events read by a real client (fetch's stream), masked as the decision log
 * masks them, read-only, and calls as timelines.
 */
const PACK = path.resolve(__dirname, '../../examples/fraud-and-spoofing');
const TOKEN = 'console-test-token-0123456789abcdef';
const dir = mkdtempSync(path.join(tmpdir(), 'rulehook-console-'));
const tokensFile = path.join(dir, 'tokens');
writeFileSync(tokensFile, `${TOKEN}\n`);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const serve = useServeProcesses([
  '--no-grpc',
  '--rules',
  PACK,
  '--console',
  '--auth-tokens-file',
  tokensFile,
]);
const auth = { authorization: `Bearer ${TOKEN}` };
const base = (server: ServeProcess) => `http://127.0.0.1:${server.httpPort}`;

const EVENT = {
  'state.sessionId': 'cs-console-1',
  'state.currentEvent': 'CALL_STARTED',
  'call.ani': '+14155550142',
};

function sendEvent(server: ServeProcess, variables: Record<string, string>): Promise<Response> {
  return fetch(`${base(server)}/v1/events`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ session_variables: variables }),
  });
}

/** Reads Server-Sent Events from a fetch response until `count` of type `type` came; the rest is discarded. */
async function readEvents(response: Response, type: string, count: number): Promise<string[]> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const found: string[] = [];
  while (found.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const lines = block.split('\n');
      if (!lines.includes(`event: ${type}`)) continue;
      found.push(lines.find((line) => line.startsWith('data: '))!.slice('data: '.length));
    }
  }
  await reader.cancel();
  return found;
}

describe('serve --console', () => {
  it('refuses the console and its API without a token, with a Basic challenge a browser answers', async () => {
    const server = await serve();
    for (const url of ['/console/', '/console/api/decisions/recent', '/console/api/call']) {
      const response = await fetch(`${base(server)}${url}`);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Basic realm="rulehook console"/);
      await response.text();
    }
    const wrong = await fetch(`${base(server)}/console/api/decisions/recent`, {
      headers: { authorization: 'Bearer not-the-token-at-all-00' },
    });
    expect(wrong.status).toBe(401);
    await wrong.text();
    const basic = Buffer.from(`anyone:${TOKEN}`).toString('base64');
    const browser = await fetch(`${base(server)}/console/api/decisions/recent`, {
      headers: { authorization: `Basic ${basic}` },
    });
    expect(browser.status).toBe(200);
    await browser.text();
    // Basic is the console's alone: the webhook still takes bearer tokens only.
    const event = await fetch(`${base(server)}/v1/events`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/json' },
      body: JSON.stringify({ session_variables: EVENT }),
    });
    expect(event.status).toBe(401);
    await event.text();
  });

  it('streams each decision as the decision log writes it, masked, and keeps the recent ones', async () => {
    const server = await serve();
    const stream = await fetch(`${base(server)}/console/api/decisions`, { headers: auth });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const read = readEvents(stream, 'decision', 2);
    // The stream is subscribed once its first bytes came: the events are sent after.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await sendEvent(server, EVENT)).status).toBe(200);
    const second = { ...EVENT, 'state.currentEvent': 'AUDIO_PROGRESS' };
    expect((await sendEvent(server, second)).status).toBe(200);
    const lines = (await read).map((data) => JSON.parse(data) as Record<string, unknown>);
    expect(
      lines.map((line) => (line.session_variables as Record<string, string>)['state.currentEvent']),
    ).toEqual(['CALL_STARTED', 'AUDIO_PROGRESS']);
    const variables = lines[0]!.session_variables as Record<string, string>;
    expect(variables['state.sessionId']).toBe('cs-console-1');
    expect(variables['call.ani']).not.toBe('+14155550142');
    expect(JSON.stringify(lines)).not.toContain('+14155550142');
    expect(Object.keys(lines[0]!)).toEqual([
      'time',
      'request_id',
      'revision',
      'duration_ms',
      'session_variables',
      'fired',
      'response',
    ]);
    const recent = await fetch(`${base(server)}/console/api/decisions/recent`, { headers: auth });
    const body = (await recent.json()) as { decisions: Record<string, unknown>[] };
    expect(body.decisions.map((d) => d.request_id)).toEqual(lines.map((line) => line.request_id));
  });

  it('ends the streams when the server stops', async () => {
    const server = await serve();
    const stream = await fetch(`${base(server)}/console/api/decisions`, { headers: auth });
    const ended = stream.text();
    await new Promise((resolve) => setTimeout(resolve, 200));
    server.child.kill('SIGTERM');
    expect(await ended).toContain(': rulehook decisions');
    expect(await server.exited).toBe(0);
  });

  it('is read-only: save is refused', async () => {
    const server = await serve();
    const response = await fetch(`${base(server)}/console/api/save`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ files: { 'risk.yaml': 'rulesets: []\n' } }),
    });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('READ_ONLY');
  });

  it('shows a call from a recording of the pack, from events, and from the live decisions', async () => {
    const server = await serve();
    const call = async (body: unknown) => {
      const response = await fetch(`${base(server)}/console/api/call`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    // Every rule of the pack turned off, in the edited text only.
    const edited = readFileSync(path.join(PACK, 'risk.yaml'), 'utf8').replace(
      /^( {2}- id: .*)$/gm,
      '$1\n    enabled: false',
    );
    const recorded = await call({
      source: { recording: 'recordings/2024-06-11-risk-calls.jsonl', session_id: 'cs-20240611-91fa2e' },
      files: { 'risk.yaml': edited },
    });
    expect(recorded.status).toBe(200);
    type Shown = { seq: number; event: string; sent: boolean; fired: string[] | null; variables: object };
    const events = recorded.body.events as Shown[];
    expect(events).toHaveLength(35);
    expect(events[0]).toMatchObject({ seq: 1, event: 'CALL_STARTED' });
    // As `rulehook replay` of this recording shows it: two events of this call fire rules.
    expect(events.filter((event) => (event.fired ?? []).length > 0)).toHaveLength(2);
    const against = recorded.body.against_edited as Shown[];
    expect(against).toHaveLength(35);
    expect(against.filter((event) => (event.fired ?? []).length > 0)).toHaveLength(0);

    const listed = await call({
      source: { events: [EVENT, { ...EVENT, 'state.currentEvent': 'AUDIO_PROGRESS' }] },
    });
    expect(listed.status).toBe(200);
    expect((listed.body.events as unknown[]).length).toBe(2);

    expect((await sendEvent(server, EVENT)).status).toBe(200);
    const live = await call({ source: { decisions: 'cs-console-1' } });
    expect(live.status).toBe(200);
    expect((live.body.events as { event: string }[]).map((e) => e.event)).toEqual(['CALL_STARTED']);

    const outside = await call({ source: { recording: '../../package.json' } });
    expect(outside.status).toBe(400);
  });
});

describe('serve --console, the pack', () => {
  it("serves the console's API over serve's own rules, read-only", async () => {
    const server = await serve();
    const response = await fetch(`${base(server)}/console/api/pack`, { headers: auth });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { mode: string; read_only: boolean; files: { path: string }[] };
    expect(body).toMatchObject({ mode: 'serve', read_only: true, session_key: 'state.sessionId' });
    expect(body.files.map((file) => file.path)).toContain('risk.yaml');
  });

  it("names serve's --session-key as the pack's session key", async () => {
    const server = await serve('--session-key', 'call.uuid');
    const response = await fetch(`${base(server)}/console/api/pack`, { headers: auth });
    await expect(response.json()).resolves.toMatchObject({ mode: 'serve', session_key: 'call.uuid' });
  });
});
