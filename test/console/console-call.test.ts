import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { EventDecision } from '../../src/contract/decision-line';
import { createEmptyResponse } from '../../src/contract/types';
import { DecisionFeed } from '../../src/console/api/decision-feed';
import { startConsoleServer, type ConsoleServer } from './console-server';

/**
 * `POST /console/api/call` and the decisions' endpoints as entries of the one JSON API, over real HTTP:
 * on the console alone (no live decisions: a clear 404) and with a decision feed, as `serve --console`
 * mounts it, behind the same checks as every endpoint.
 */
const EVENT = { 'state.sessionId': 'cs-call-1', 'state.currentEvent': 'CALL_STARTED' };
const RECORDING = 'recordings/2024-06-11-risk-calls.jsonl';

const decision = (n: number, session: string): EventDecision => ({
  time: 1_700_000_000_000 + n,
  requestId: `r-${n}`,
  revision: 'rev',
  durationMs: 0.1,
  variables: {
    'state.sessionId': session,
    'state.currentEvent': n === 0 ? 'CALL_STARTED' : 'AUDIO_PROGRESS',
  },
  fired: [],
  response: createEmptyResponse(),
});

describe('the console alone', () => {
  let server: ConsoleServer;
  beforeAll(async () => {
    server = await startConsoleServer('fraud-and-spoofing');
  });
  afterAll(() => server.close());

  it('shows a call from a recording, and against edited rules through the overlay of evaluate', async () => {
    const risk = await readFile(path.join(server.pack, 'risk.yaml'), 'utf8');
    const off = risk.replace(/^( {2}- id: .*)$/gm, '$1\n    enabled: false');
    const { status, body } = await server.post('call', {
      source: { recording: RECORDING, session_id: 'cs-20240611-91fa2e' },
      files: { 'risk.yaml': off },
    });
    expect(status).toBe(200);
    const fired = (events: { fired: string[] | null }[]) => events.filter((e) => (e.fired ?? []).length > 0);
    expect(fired(body.events)).toHaveLength(2);
    expect(fired(body.against_edited)).toHaveLength(0);
    // A rule file the pack does not have yet counts too, as it does for evaluate and check.
    const extra = await server.post('call', {
      source: { events: [EVENT] },
      files: { 'extra.yaml': 'ruleset: extra\nrules: [{ id: a, on: NO_SUCH_EVENT }]\n' },
    });
    expect(extra.status).toBe(422);
    expect(extra.body.error.code).toBe('RULES_INVALID');
    expect(extra.body.diagnostics).toContainEqual(expect.objectContaining({ file: 'extra.yaml' }));
  });

  it('refuses what every endpoint refuses: files out of the pack, other sites, other content types', async () => {
    const outside = await server.post('call', { source: { events: [EVENT] }, files: { '../x.yaml': '' } });
    expect(outside).toMatchObject({ status: 403, body: { error: { code: 'OUTSIDE_PACK' } } });
    expect(outside.body.error.message).toMatch(/^files\["\.\.\/x\.yaml"\]/);
    const form = await fetch(`${server.url}/console/api/call`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ source: { events: [EVENT] } }),
    });
    expect(form.status).toBe(415);
    expect(((await form.json()) as { error: { code: string } }).error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const noSource = await server.post('call', {});
    expect(noSource).toMatchObject({ status: 400, body: { error: { code: 'BAD_REQUEST' } } });
    expect(noSource.body.error.message).toMatch(/^source: /);
  });

  it('has no live decisions: their endpoints and a call from them answer 404, saying why', async () => {
    for (const endpoint of ['decisions', 'decisions/recent']) {
      const { status, body } = await server.get(endpoint);
      expect(status).toBe(404);
      expect(body.error).toMatchObject({
        code: 'NOT_FOUND',
        message: expect.stringMatching(/serve --console/),
      });
    }
    const call = await server.post('call', { source: { decisions: 'cs-1' } });
    expect(call.status).toBe(404);
    expect(call.body.error.message).toMatch(/no live decisions/);
  });
});

describe('the console with live decisions', () => {
  let server: ConsoleServer;
  const feed = new DecisionFeed();
  beforeAll(async () => {
    server = await startConsoleServer('fraud-and-spoofing', { decisions: feed, mode: 'serve' });
    for (let n = 0; n < 3; n++) feed.publish(decision(n, n === 1 ? 'cs-other' : 'cs-live'));
  });
  afterAll(async () => {
    feed.close();
    await server.close();
  });

  it('answers the recent decisions and a call made of one session of them', async () => {
    const recent = await server.get('decisions/recent');
    expect(recent.status).toBe(200);
    expect(recent.body.decisions.map((d: { request_id: string }) => d.request_id)).toEqual([
      'r-0',
      'r-1',
      'r-2',
    ]);
    const call = await server.post('call', { source: { decisions: 'cs-live' } });
    expect(call.status).toBe(200);
    expect(call.body.events.map((e: { event: string }) => e.event)).toEqual([
      'CALL_STARTED',
      'AUDIO_PROGRESS',
    ]);
  });

  it('lets no page of another site read the decisions', async () => {
    for (const endpoint of ['decisions', 'decisions/recent']) {
      const response = await fetch(`${server.url}/console/api/${endpoint}`, {
        headers: { origin: 'http://evil.example' },
      });
      expect(response.status).toBe(403);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('CROSS_ORIGIN');
    }
    const wrongMethod = await server.post('decisions', {});
    expect(wrongMethod).toMatchObject({ status: 405, body: { error: { code: 'METHOD_NOT_ALLOWED' } } });
  });
});
