import { request } from 'node:http';
import path from 'node:path';
import { loadSandboxScenario, startSandbox, type RunningSandbox } from '../../src/sandbox';
import { VirtualClock } from '../../src/sandbox/flow';
import { loadSandboxBindings } from '../../src/sandbox/hosts';
import { writeJsonForm } from '../../src/sandbox/wire';
import { callHttp, createSandboxGrpcClient } from '../support/sandbox-clients';

/** The example scenario over both transports, on a clock the tests move. */
const EXAMPLE = path.join(__dirname, '../../examples/sandbox/card-payment.yaml');
const clock = new VirtualClock(Date.parse('2026-05-01T00:00:00Z'));
let sandbox: RunningSandbox;
let base: string;
let grpcClient: ReturnType<typeof createSandboxGrpcClient>;

beforeAll(async () => {
  const { scenario } = await loadSandboxScenario(EXAMPLE, process.cwd());
  const options = { host: '127.0.0.1', httpPort: 0, grpcPort: 0, maxMessageBytes: 1 << 20, clock };
  sandbox = await startSandbox(scenario!, options);
  base = `http://127.0.0.1:${sandbox.http!.port}`;
  grpcClient = createSandboxGrpcClient(`127.0.0.1:${sandbox.grpc!.port}`, 'IVRBot');
});

afterAll(async () => {
  grpcClient.close();
  await sandbox.close();
});

const statusOf = (body: Record<string, unknown>) =>
  body.status as {
    status_code: string;
    status_message?: { message: string };
    field_violations?: { field: string }[];
  };

async function grpcJson(method: string, request: object) {
  const type = loadSandboxBindings().find((b) => b.name === method)!.responseType;
  return writeJsonForm(type, await grpcClient.call(method, request));
}

describe('GetPersonStatus', () => {
  const status = (person: string, query = '') =>
    callHttp(base, 'GET', `/v1/ivr-bot/scopes/bank/persons/${encodeURIComponent(person)}/status${query}`);

  it('answers from the person store, the same on both bindings and over gRPC', async () => {
    const get = await status('C-1029384');
    expect(get.status).toBe(200);
    expect(get.body).toEqual({
      status: { status_code: 'OK' },
      enroll_status: 'ENROLL_STATUS_TRAINED',
      opt_in_info: { timestamp: '2026-01-15T09:30:00.000Z' },
      voice_print_lock_info: { locked: false, mismatch_counter: 1 },
    });
    const post = await callHttp(base, 'POST', '/v1/ivr-bot/scopes/bank/persons/status:get', {
      person_id: 'C-1029384',
    });
    expect(post.body).toEqual(get.body);
    expect(await grpcJson('GetPersonStatus', { gk_scope_id: 'bank', person_id: 'C-1029384' })).toEqual(
      get.body,
    );
  });

  it('reports an opt-out, offering opt-in again once its period is over', async () => {
    const before = await status('C-5550001');
    expect(before.body).toMatchObject({
      enroll_status: 'ENROLL_STATUS_NOT_ENROLLED',
      opt_out_info: { reason: 'declined on the phone', offer_opt_in_time: '2026-08-01T12:00:00.000Z' },
    });
    expect((before.body.opt_out_info as Record<string, unknown>).offer_opt_in).toBe(false);
    await clock.advanceTo(Date.parse('2026-09-01T00:00:00Z'));
    expect((await status('C-5550001')).body.opt_out_info).toMatchObject({ offer_opt_in: true });
  });

  it('reports a locked voiceprint', async () => {
    expect((await status('C-7770002')).body.voice_print_lock_info).toEqual({
      locked: true,
      mismatch_counter: 3,
      timestamp: '2026-03-01T10:00:00.000Z',
      lock_reason: 'LOCK_REASON_CONSECUTIVE_MISMATCHES',
    });
  });

  it('answers NOT_ENROLLED for an unknown person, or a voiceprint tag the person lacks', async () => {
    expect((await status('C-0000000')).body).toEqual({
      status: { status_code: 'OK' },
      enroll_status: 'ENROLL_STATUS_NOT_ENROLLED',
    });
    expect((await status('C-1029384', '?voice_print_tag=other')).body.enroll_status).toBe(
      'ENROLL_STATUS_NOT_ENROLLED',
    );
    expect((await status('C-1029384', '?voice_print_tag=default')).body.enroll_status).toBe(
      'ENROLL_STATUS_TRAINED',
    );
  });

  it('needs the scope and the person', async () => {
    const post = await callHttp(base, 'POST', '/v1/ivr-bot/scopes/bank/persons/status:get', {});
    expect([post.status, statusOf(post.body).field_violations?.[0]?.field]).toEqual([400, 'person_id']);
    const grpc = await grpcJson('GetPersonStatus', { person_id: 'C-1029384' });
    expect(statusOf(grpc)).toMatchObject({
      status_code: 'INVALID_REQUEST',
      field_violations: [{ field: 'gk_scope_id' }],
    });
  });
});

describe('StartRecording and StopRecording', () => {
  const START = {
    gk_scope_id: 'bank',
    gk_engagement_id: 'e-1',
    gk_session_id: 's-1',
    recording_side: 'RECORDING_SIDE_1',
  };
  const start = (request: object) =>
    callHttp(base, 'POST', '/v1/ivr-bot/recording/start', { ...START, ...request });
  const stop = (media_urn: string) => callHttp(base, 'POST', '/v1/ivr-bot/recording/stop', { media_urn });

  it('starts a recording with a media URN, and stops it', async () => {
    const started = await start({ recording_id: 'rec-0001', max_recording_duration: '0s' });
    expect(started.status).toBe(200);
    const urn = started.body.media_urn as string;
    expect(urn).toMatch(/^urn:rulehook-sandbox:media:rec-0001:\d+$/);
    expect((await stop(urn)).body).toEqual({ status: { status_code: 'OK' } });
    expect(statusOf((await stop(urn)).body).status_message?.message).toMatch(
      /already stopped by an earlier StopRecording/,
    );
  });

  it('stops a recording by itself at its maximum duration, the realm default when the request has none', async () => {
    const own = (await start({ recording_id: 'rec-0001', max_recording_duration: '10s' })).body
      .media_urn as string;
    const realm = (await start({ recording_id: 'rec-0003' })).body.media_urn as string;
    await clock.advance(11_000);
    expect(statusOf((await stop(own)).body).status_message?.message).toBe(
      'the recording had already stopped at its maximum duration, 10s after it started',
    );
    expect((await stop(realm)).body).toEqual({ status: { status_code: 'OK' } });
    // Stopped at its maximum, so the id may record again.
    const late = (await start({ recording_id: 'rec-0001' })).body.media_urn as string;
    await clock.advance(301_000);
    expect(statusOf((await stop(late)).body).status_message?.message).toMatch(/maximum duration, 300s after/);
  });

  it.each(['0s', '-5s'])('has no maximum with %s', async (max) => {
    const urn = (await start({ recording_id: 'rec-0001', max_recording_duration: max })).body
      .media_urn as string;
    await clock.advance(1_000_000);
    expect((await stop(urn)).body).toEqual({ status: { status_code: 'OK' } });
  });

  it("takes any other recording id through the scenario's * recording, its URN naming the request's id", async () => {
    const started = await start({ recording_id: 'rec-9999' });
    expect(started.status).toBe(200);
    const urn = started.body.media_urn as string;
    expect(urn).toMatch(/^urn:rulehook-sandbox:media:rec-9999:\d+$/);
    const again = await start({ recording_id: 'rec-9999' });
    expect(again.status).toBe(409);
    expect(again.body.media_urn).toBeUndefined();
    expect(statusOf(again.body)).toMatchObject({
      status_code: 'ALREADY_EXISTS',
      field_violations: [{ field: 'recording_id' }],
    });
    expect((await stop(urn)).body).toEqual({ status: { status_code: 'OK' } });
  });

  it('fails NOT_FOUND without the agent extension the connector needs, or with another one', async () => {
    for (const request of [{}, { agent_extension: '9999' }]) {
      const failed = await start({ recording_id: 'rec-0002', ...request });
      expect([failed.status, statusOf(failed.body).field_violations?.[0]?.field]).toEqual([
        404,
        'agent_extension',
      ]);
    }
    expect((await start({ recording_id: 'rec-0002', agent_extension: '4021' })).status).toBe(200);
  });

  it('needs its mandatory fields, each named', async () => {
    for (const field of ['gk_scope_id', 'gk_engagement_id', 'gk_session_id', 'recording_side']) {
      const failed = await start({ recording_id: 'rec-0001', [field]: undefined });
      expect([failed.status, statusOf(failed.body).field_violations?.[0]?.field]).toEqual([400, field]);
    }
    const noId = await start({});
    expect(statusOf(noId.body).field_violations?.[0]?.field).toBe('recording_id');
    const caller = await start({ recording_id: 'rec-0001', caller_attributes: { channel_index: 1 } });
    expect(statusOf(caller.body).field_violations?.[0]?.field).toBe('caller_attributes.person_id');
  });

  it('refuses to stop what it does not know', async () => {
    const unknown = await stop('urn:nothing');
    expect([unknown.status, statusOf(unknown.body).status_code]).toEqual([404, 'NOT_FOUND']);
    const missing = await callHttp(base, 'POST', '/v1/ivr-bot/recording/stop', {});
    expect([missing.status, statusOf(missing.body).field_violations?.[0]?.field]).toEqual([400, 'media_urn']);
  });

  it('shares recordings between the transports', async () => {
    const started = await grpcJson('StartRecording', { ...START, recording_id: 'rec-0001' });
    expect(statusOf(started).status_code).toBe('OK');
    expect((await stop(started.media_urn as string)).body).toEqual({ status: { status_code: 'OK' } });
  });
});

describe('EndIVRSession over HTTP: DELETE takes no body, its POST form takes custom_data', () => {
  let calls = 0;
  /** A new call, with ids of its own: those of a live session are refused (ALREADY_EXISTS). */
  async function startSession(): Promise<string> {
    calls += 1;
    const started = await callHttp(base, 'POST', '/v1/ivr-bot/bank/sessions', {
      call_id: `call-end-${calls}`,
      recording_id: `rec-end-${calls}`,
    });
    return started.body.call_session_id as string;
  }
  const INSTEAD = ': send it to POST /v1/ivr-bot/scopes/{call_session_id}:delete, in its JSON body';
  const report = async (id: string) =>
    (await callHttp(base, 'GET', `/v1/sandbox/sessions/${id}`)).body as {
      ended: boolean;
      variables: Record<string, string>;
    };

  it('refuses a DELETE with a body, naming the POST form, and leaves the session open', async () => {
    const id = await startSession();
    for (const body of [{ custom_data: { outcome: 'paid' } }, 'not json']) {
      const refused = await callHttp(base, 'DELETE', `/v1/ivr-bot/sessions/${id}`, body);
      expect([refused.status, refused.body]).toEqual([
        400,
        {
          status: {
            status_code: 'BAD_REQUEST',
            status_message: {
              locale: 'en-US',
              message: `DELETE /v1/ivr-bot/sessions/{call_session_id} takes no body: its fields come from the path and the query string${INSTEAD}`,
            },
          },
        },
      ]);
    }
    expect((await report(id)).ended).toBe(false);
  });

  it('refuses custom_data in the query of a DELETE: a query string carries no map', async () => {
    const id = await startSession();
    const refused = await callHttp(base, 'DELETE', `/v1/ivr-bot/sessions/${id}?custom_data.outcome=paid`);
    const message = `custom_data is a map, which a query string cannot carry${INSTEAD}`;
    expect([refused.status, refused.body]).toEqual([
      400,
      {
        status: {
          status_code: 'BAD_REQUEST',
          status_message: { locale: 'en-US', message },
          field_violations: [{ field: 'custom_data', description: message }],
        },
      },
    ]);
    expect((await report(id)).ended).toBe(false);
  });

  it('ends a session by DELETE without a body (or an empty one), and by POST with its custom_data', async () => {
    const bare = await startSession();
    expect((await callHttp(base, 'DELETE', `/v1/ivr-bot/sessions/${bare}`)).status).toBe(200);
    const empty = await startSession();
    expect((await callHttp(base, 'DELETE', `/v1/ivr-bot/sessions/${empty}`, {})).status).toBe(200);
    const posted = await startSession();
    const ended = await callHttp(base, 'POST', `/v1/ivr-bot/scopes/${posted}:delete`, {
      custom_data: { outcome: 'paid' },
    });
    expect(ended.status).toBe(200);
    expect(await report(posted)).toMatchObject({ ended: true, variables: { 'custom.outcome': 'paid' } });
  });

  it('refuses a body on a GET too, with no other binding to name', async () => {
    const id = await startSession();
    // fetch sends no body with a GET: node:http does, framed by its content-length.
    const body = '{"call_session_id":"other"}';
    const refused = await new Promise<{ status: number; body: Record<string, unknown> }>(
      (resolve, reject) => {
        const req = request(
          `${base}/v1/ivr-bot/sessions/${id}/decision`,
          { method: 'GET', headers: { 'content-length': Buffer.byteLength(body) } },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => (text += chunk));
            res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
          },
        );
        req.on('error', reject);
        req.end(body);
      },
    );
    expect(refused).toEqual({
      status: 400,
      body: {
        status: {
          status_code: 'BAD_REQUEST',
          status_message: {
            locale: 'en-US',
            message:
              'GET /v1/ivr-bot/sessions/{call_session_id}/decision takes no body: its fields come from the path and the query string',
          },
        },
      },
    });
  });
});
