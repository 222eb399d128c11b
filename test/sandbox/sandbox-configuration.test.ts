import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RunningSandbox } from '../../src/sandbox';
import { loadSandboxBindings } from '../../src/sandbox/hosts';
import { STATUS_HTTP_TABLE } from '../../src/sandbox/wire';
import { AUDIO_CONTEXT, callHttp, createSandboxGrpcClient, serveSandbox } from '../support/sandbox-clients';

/** A scenario with no configured language, masked redaction and no liveness prompts. */
const SCENARIO = `
configuration: { redaction: masked }
media:
  - id: seg-card
    duration: 5
    transcript: { text: card 4111111111111111 please }
`;
const request = { context: AUDIO_CONTEXT, gk_media_segment_id: { value: 'seg-card' } };

let sandbox: RunningSandbox;
let base: string;

beforeAll(async () => {
  sandbox = await serveSandbox({ text: SCENARIO });
  base = `http://127.0.0.1:${sandbox.http!.port}`;
});

afterAll(() => sandbox.close());

describe('a sandbox configured otherwise', () => {
  it('refuses to transcribe without a language from the request, the audio or the configuration', async () => {
    for (const operation of ['transcription', 'redaction']) {
      const { status, body } = await callHttp(base, 'POST', `/v1/audios/${operation}`, request);
      expect(status).toBe(400);
      expect(body.status).toMatchObject({
        status_code: 'INVALID_REQUEST',
        field_violations: [{ field: 'language' }],
      });
    }
    const client = createSandboxGrpcClient(`127.0.0.1:${sandbox.grpc!.port}`, 'AudioProcessor');
    try {
      expect(await client.call('Transcribe', request)).toMatchObject({
        status: { status_code: 'INVALID_REQUEST' },
      });
    } finally {
      client.close();
    }
  });

  it('masks card numbers when the configuration says so: the words stay, marked MASKED', async () => {
    const { body } = await callHttp(base, 'POST', '/v1/audios/redaction', { ...request, language: 'en-US' });
    expect(body.result).toMatchObject({
      text: 'card 4111111111111111 please',
      text_details: {
        redaction_status: 'REDACTION_STATUS_MASKED',
        word_details: [
          { text: 'card', redaction_status: 'REDACTION_STATUS_PLAIN' },
          { text: '4111111111111111', redaction_status: 'REDACTION_STATUS_MASKED' },
          { text: 'please', redaction_status: 'REDACTION_STATUS_PLAIN' },
        ],
      },
    });
  });

  it('answers GetLivenessPrompt NOT_FOUND when no prompt is configured', async () => {
    const query = Object.entries(AUDIO_CONTEXT)
      .map(([k, v]) => `context.${k}=${v}`)
      .join('&');
    const { status, body } = await callHttp(base, 'GET', `/v1/prompts/liveness?${query}`);
    expect([status, (body.status as { status_code: string }).status_code]).toEqual([404, 'NOT_FOUND']);
  });

  it('validates StartIVRSession over both transports: the required fields, then a session without audio', async () => {
    const http = await callHttp(base, 'POST', '/v1/ivr-bot/bank/sessions', {
      call_id: 'c',
      recording_id: 'r',
    });
    // No recordings at all: the session opens, with no audio, and the answer says why.
    expect([http.status, http.body.status]).toEqual([
      200,
      {
        status_code: 'OK',
        status_message: {
          locale: 'en-US',
          message: "recording_id 'r' matches no recording of the scenario: the session has no audio",
        },
      },
    ]);
    const client = createSandboxGrpcClient(`127.0.0.1:${sandbox.grpc!.port}`, 'IVRBot');
    try {
      expect(await client.call('StartIVRSession', { gk_scope_id: 'bank' })).toMatchObject({
        status: {
          status_code: 'INVALID_REQUEST',
          field_violations: [{ field: 'call_id' }, { field: 'recording_id' }],
        },
      });
    } finally {
      client.close();
    }
  });
});

describe('limits', () => {
  it('answers a body over --max-message-bytes 413 TOO_LARGE', async () => {
    const huge = { ...request, language: 'x'.repeat((1 << 20) + 1) };
    const { status, body } = await callHttp(base, 'POST', '/v1/audios/transcription', huge);
    expect([status, (body.status as { status_code: string }).status_code]).toEqual([413, 'TOO_LARGE']);
  });
});

describe('docs/contract.md', () => {
  const doc = readFileSync(path.join(__dirname, '../../docs/contract.md'), 'utf8');

  it('lists exactly the HTTP bindings the sandbox serves', () => {
    const section = doc.slice(doc.indexOf('### HTTP bindings of the IVR bot and audio services'));
    const table = section.slice(0, section.indexOf('\n### '));
    const documented = [
      ...table.matchAll(/^\| (\w+)(?: \(alt\.\))? \| (GET|POST|PATCH|DELETE) `([^`]+)` \|/gm),
    ].map((m) => `${m[1]} ${m[2]} ${m[3]}`);
    const served = loadSandboxBindings().flatMap((b) =>
      b.http.map((h) => `${b.name} ${h.verb} ${h.template}`),
    );
    expect(served.length).toBe(17);
    expect(served.sort()).toEqual(documented.sort());
  });

  it('maps every StatusCode to the HTTP status of its table', () => {
    const section = doc.slice(doc.indexOf('### Mapping of Status codes to HTTP status codes'));
    const table = section.slice(0, section.indexOf('\n### '));
    const documented: Record<string, number> = {};
    for (const [, codes, http] of table.matchAll(/^\| ([A-Z_, ]+) \| (\d{3}) \|$/gm))
      for (const code of codes!.split(', ')) documented[code] = Number(http);
    expect(Object.keys(documented)).toHaveLength(19);
    expect(STATUS_HTTP_TABLE).toEqual(documented);
  });
});
