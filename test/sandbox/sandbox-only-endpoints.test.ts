import { createEmptyResponse } from '../../src/contract/types';
import { VirtualClock, type RunningSandbox, type SandboxWebhookTarget } from '../../src/sandbox';
import { checkHealth, createHealthClient } from '../support/health-client';
import { callHttp, serveSandbox } from '../support/sandbox-clients';

/**
 * The sandbox-only endpoints over real loopback: the list of sessions and its filters, the reset, the
 * probes' refusals and the gRPC health service's names. The probes' common behaviour is in the host
 * contract (sandbox-host-contract.test.ts).
 */
const SCENARIO = `
persons:
  - { id: P-TRAINED, enroll_status: TRAINED, opt_in: { at: "2026-01-15T09:30:00Z" } }
  - { id: P-NEW }
media:
  - { id: seg-a, duration: 12, net_audio: 9 }
outcomes:
  - { operation: verify, decision: POSITIVE, score: 0.9 }
liveness_prompts:
  - { text: one two }
  - { text: three four }
recordings:
  - { recording_id: rec-a, media: seg-a }
  - { recording_id: rec-b, media: seg-a }
`;
const START = Date.parse('2026-05-01T09:00:00Z');
const CONTEXT =
  'context.gk_engagement_id=e&context.gk_session_id=s&context.gk_scope_id=bank&context.configset_id=c';

/** A webhook that counts its calls and, while `hold` is set, answers only once it is released. */
function createHeldWebhook() {
  const calls: string[] = [];
  let hold: Promise<void> | undefined;
  let release = (): void => undefined;
  const webhook: SandboxWebhookTarget = {
    call: async (session, variables) => {
      calls.push(`${session} ${variables['state.currentEvent'] ?? ''}`);
      if (hold !== undefined) await hold;
      return { response: createEmptyResponse(), fired: null };
    },
  };
  return {
    webhook,
    calls,
    hold: () => (hold = new Promise((resolve) => (release = resolve))),
    release: () => {
      hold = undefined;
      release();
    },
  };
}

let clock: VirtualClock;
let held: ReturnType<typeof createHeldWebhook>;
let sandbox: RunningSandbox;
let base: string;

beforeEach(async () => {
  clock = new VirtualClock(START);
  held = createHeldWebhook();
  sandbox = await serveSandbox({ text: SCENARIO }, clock, held.webhook);
  base = `http://127.0.0.1:${sandbox.http!.port}`;
});

afterEach(() => sandbox.close());

async function startSession(callId: string, recordingId = 'rec-a'): Promise<string> {
  const started = await callHttp(base, 'POST', '/v1/ivr-bot/bank/sessions', {
    call_id: callId,
    recording_id: recordingId,
  });
  expect(started.status).toBe(200);
  return started.body.call_session_id as string;
}

const list = async (query = '') => callHttp(base, 'GET', `/v1/sandbox/sessions${query}`);
const ids = async (query: string) =>
  ((await list(query)).body.sessions as { call_session_id: string }[]).map((s) => s.call_session_id);

describe('GET /v1/sandbox/sessions', () => {
  it('lists every session in start order, each with its call, person, times and decision', async () => {
    expect((await list()).body).toEqual({ status: { status_code: 'OK' }, sessions: [] });
    const first = await startSession('call-1');
    await clock.advance(2_000);
    const second = await startSession('call-2', 'rec-b');
    await callHttp(base, 'PATCH', `/v1/ivr-bot/sessions/${first}/person`, { person_id: 'P-TRAINED' });
    await clock.advance(4_000);
    await callHttp(base, 'DELETE', `/v1/ivr-bot/sessions/${first}`);
    const listed = await list();
    expect(listed.status).toBe(200);
    expect(listed.body.sessions).toEqual([
      {
        call_session_id: first,
        call_id: 'call-1',
        recording_id: 'rec-a',
        person_id: 'P-TRAINED',
        state: 'ended',
        started_at: '2026-05-01T09:00:00.000Z',
        ended_at: '2026-05-01T09:00:06.000Z',
        decision: { decision: 'POSITIVE', reason: 'VOICEPRINT_MATCH' },
      },
      {
        call_session_id: second,
        call_id: 'call-2',
        recording_id: 'rec-b',
        person_id: null,
        state: 'live',
        started_at: '2026-05-01T09:00:02.000Z',
        ended_at: null,
        decision: null,
      },
    ]);
  });

  it('filters by call_id, person_id, recording_id, state and decided, all together', async () => {
    const first = await startSession('call-1');
    const second = await startSession('call-2', 'rec-b');
    // A call's id is free again once its session ended: the same call_id, twice, one after the other.
    await callHttp(base, 'DELETE', `/v1/ivr-bot/sessions/${first}`);
    const third = await startSession('call-1');
    await callHttp(base, 'PATCH', `/v1/ivr-bot/sessions/${second}/person`, { person_id: 'P-TRAINED' });
    await clock.advance(4_000);
    expect(await ids('?call_id=call-1')).toEqual([first, third]);
    expect(await ids('?call_id=call-1&state=live')).toEqual([third]);
    expect(await ids('?state=ended')).toEqual([first]);
    expect(await ids('?person_id=P-TRAINED')).toEqual([second]);
    expect(await ids('?recording_id=rec-b&decided=true')).toEqual([second]);
    expect(await ids('?decided=false')).toEqual([first, third]);
    expect(await ids('?call_id=call-9')).toEqual([]);
  });

  it.each([
    [
      '?status=live',
      'status',
      "unknown query parameter 'status': the filters are call_id, person_id, recording_id, state, decided",
    ],
    ['?state=over', 'state', "state must be live or ended, not 'over'"],
    ['?decided=yes', 'decided', "decided must be true or false, not 'yes'"],
    ['?call_id=', 'call_id', 'call_id is empty: give the value to match'],
    ['?state=live&state=ended', 'state', 'state is given 2 times: give it once'],
  ])('refuses %s with 400 BAD_REQUEST naming the parameter', async (query, field, message) => {
    const refused = await list(query);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      status: {
        status_code: 'BAD_REQUEST',
        status_message: { locale: 'en-US', message },
        field_violations: [{ field, description: message }],
      },
    });
  });

  it('takes GET (and HEAD) only: another verb is 405 with Allow', async () => {
    const refused = await callHttp(base, 'POST', '/v1/sandbox/sessions', {});
    expect(refused.status).toBe(405);
    expect(refused.headers.get('allow')).toBe('GET, HEAD');
    expect((await fetch(`${base}/v1/sandbox/sessions`, { method: 'HEAD' })).status).toBe(200);
  });
});

describe('POST /v1/sandbox/reset', () => {
  const personStatus = async (person: string) =>
    (await callHttp(base, 'GET', `/v1/ivr-bot/scopes/bank/persons/${person}/status`)).body;
  const prompt = async () =>
    (await callHttp(base, 'GET', `/v1/prompts/liveness?${CONTEXT}`)).body.expected_text as string;

  it('drops every session, and restores the person store, the recordings and the prompt turn', async () => {
    const ended = await startSession('call-1');
    await callHttp(base, 'DELETE', `/v1/ivr-bot/sessions/${ended}`);
    const live = await startSession('call-2');
    await callHttp(base, 'PATCH', `/v1/ivr-bot/sessions/${live}/person`, { person_id: 'P-NEW' });
    await callHttp(base, 'POST', `/v1/ivr-bot/sessions/${live}:optin`, {});
    const seeded = await personStatus('P-TRAINED');
    expect((await personStatus('P-NEW')).opt_in_info).toBeDefined();
    const recording = {
      gk_scope_id: 'bank',
      gk_engagement_id: 'e',
      gk_session_id: 's',
      recording_id: 'rec-a',
      recording_side: 'RECORDING_SIDE_ALL',
    };
    const urn = (await callHttp(base, 'POST', '/v1/ivr-bot/recording/start', recording)).body.media_urn;
    expect(await prompt()).toBe('one two');
    await clock.advance(3_000);

    const reset = await callHttp(base, 'POST', '/v1/sandbox/reset');
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({
      status: { status_code: 'OK' },
      reset: {
        sessions: 2,
        live_sessions: 1,
        recordings: 1,
        persons: 2,
        // The test's clock is its own: a reset leaves it where it is.
        clock: '2026-05-01T09:00:03.000Z',
      },
    });

    expect((await list()).body.sessions).toEqual([]);
    expect((await callHttp(base, 'GET', `/v1/sandbox/sessions/${live}`)).status).toBe(404);
    const decision = await callHttp(base, 'GET', `/v1/ivr-bot/sessions/${ended}/decision`);
    expect(decision.status).toBe(404);
    expect((await personStatus('P-NEW')).opt_in_info).toBeUndefined();
    expect(await personStatus('P-TRAINED')).toEqual(seeded);
    const stopped = await callHttp(base, 'POST', '/v1/ivr-bot/recording/stop', { media_urn: urn });
    expect(stopped.status).toBe(404);
    const again = await callHttp(base, 'POST', '/v1/ivr-bot/recording/start', recording);
    expect(again.body.media_urn).toBe(urn);
    expect(await prompt()).toBe('one two');
    const fresh = await startSession('call-3');
    expect(await ids('')).toEqual([fresh]);
  });

  it('stops the dropped sessions: no timer of theirs runs, and the webhook hears nothing more of them', async () => {
    const id = await startSession('call-1');
    await callHttp(base, 'PATCH', `/v1/ivr-bot/sessions/${id}/person`, { person_id: 'P-TRAINED' });
    const before = held.calls.length;
    await callHttp(base, 'POST', '/v1/sandbox/reset');
    await clock.advance(30_000);
    expect(held.calls.length).toBe(before);
  });

  it('leaves no half state when it comes while a request waits on the webhook', async () => {
    held.hold();
    const starting = callHttp(base, 'POST', '/v1/ivr-bot/bank/sessions', {
      call_id: 'call-1',
      recording_id: 'rec-a',
    });
    while (held.calls.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const reset = await callHttp(base, 'POST', '/v1/sandbox/reset');
    expect(reset.body.reset).toMatchObject({ sessions: 1, live_sessions: 1 });
    held.release();
    const started = await starting;
    expect(started.status).toBe(200);
    const id = started.body.call_session_id as string;
    // The request finished on the state the reset dropped: its session is nowhere in the new one.
    expect((await list()).body.sessions).toEqual([]);
    expect((await callHttp(base, 'GET', `/v1/sandbox/sessions/${id}`)).status).toBe(404);
    const calls = held.calls.length;
    await clock.advance(30_000);
    expect(held.calls.length).toBe(calls);
    expect(held.calls.every((call) => call.startsWith(id))).toBe(true);
    const next = await startSession('call-2');
    expect(await ids('')).toEqual([next]);
  });

  it('takes POST only', async () => {
    const refused = await callHttp(base, 'GET', '/v1/sandbox/reset');
    expect(refused.status).toBe(405);
    expect(refused.headers.get('allow')).toBe('POST');
  });
});

describe('probes', () => {
  it('answer as serve names and shapes them; another verb is 405', async () => {
    expect(await callHttp(base, 'GET', '/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await callHttp(base, 'GET', '/readyz')).toMatchObject({ status: 200, body: { status: 'ready' } });
    sandbox.readiness.markDraining();
    expect(await callHttp(base, 'GET', '/readyz')).toMatchObject({
      status: 503,
      body: { status: 'draining' },
    });
    expect((await callHttp(base, 'POST', '/healthz', {})).status).toBe(405);
  });

  it('gRPC health knows the server, the IVR bot and the audio processing service, and no other', async () => {
    const client = createHealthClient(`127.0.0.1:${sandbox.grpc!.port}`);
    try {
      for (const service of ['', 'vendor.biosec.v1.IVRBot', 'vendor.biosec.v1.AudioProcessor'])
        expect(await checkHealth(client, service)).toEqual({ status: 'SERVING' });
      expect(await checkHealth(client, 'vendor.biosec.v1.CustomBusinessLogic')).toEqual({ code: 5 });
      sandbox.readiness.markDraining();
      expect(await checkHealth(client, 'vendor.biosec.v1.IVRBot')).toEqual({ status: 'NOT_SERVING' });
    } finally {
      client.close();
    }
  });
});
