import { createEmptyResponse, type Event } from '../../src/contract';
import { parseFiredRules } from '../../src/contract/fired-rules';
import { WebhookCore } from '../../src/hosts';
import type { EventProcessor } from '../../src/processor';
import path from 'node:path';
import { RuleProcessor } from '../../src/processor/rule-processor';
import { Metrics } from '../../src/observability/metrics';
import { createFingerprint, MemorySessionStore } from '../../src/session';
import { RuleBook } from '../../src/rules/compile/rule-book';
import { loadRules } from '../../src/rules/load';
import { createGrpcAdapter, createHttpAdapter, MAX_MESSAGE_BYTES, type HostUnderTest } from './host-adapters';

/**
 * One contract, every host: the same cases run through the HTTP host (supertest)
 * and the gRPC host (a real grpc-js client over loopback), so no behaviour can
 * differ between them. Host-specific behaviour lives in http-host / grpc-host tests.
 */

/** Rule ids a header or trailer cannot carry as they are. */
const ODD_RULE_IDS = ['fraud/spöof', 'party/🎉', 'a,b/50%', 'plain/id'];

/** Answers with every kind of output, derived from the event, so each field crosses each wire. */
const echoProcessor: EventProcessor = {
  process(event: Event) {
    const vars = event.session_variables;
    const response = createEmptyResponse();
    if (vars['state.currentEvent'] === 'ECHO') {
      response.actions_to_perform.push({
        action: 'Verify',
        parameters: { person_id: vars['person.id'] ?? '' },
      });
      response.session_variable_updates.push({ key: 'echo.count', value: String(Object.keys(vars).length) });
      response.nodes_to_override.push(
        { node_names: ['A', 'B'], enable: false },
        { node_names: ['C'], enable: true },
      );
      response.event_filter = {
        keys_to_ignore: ['audio.*'],
        values_to_ignore: {},
        events_to_ignore: ['HEARTBEAT'],
      };
      return { response, fired: ['test/echo', 'test/other'] };
    }
    if (vars['state.currentEvent'] === 'ODD_IDS') return { response, fired: ODD_RULE_IDS };
    return { response, fired: [] };
  },
};

const hosts: [string, (core: WebhookCore) => Promise<HostUnderTest>][] = [
  ['HTTP', async (core) => createHttpAdapter(core)],
  ['gRPC', (core) => createGrpcAdapter(core)],
];

describe.each(hosts)('host contract: %s', (_name, createHost) => {
  let host: HostUnderTest;
  beforeAll(async () => {
    host = await createHost(new WebhookCore({ processor: echoProcessor, exposeFiredRules: true }));
  });
  afterAll(() => host.close());

  it('answers a valid event with result_code 200, and an empty rulehook-fired when no rule fired', async () => {
    expect(await host.send({ 'state.currentEvent': 'X' })).toEqual({
      ok: true,
      response: { result_code: 200 },
      fired: '',
    });
  });

  it('sends no rulehook-fired at all unless fired rules are exposed (--expose-fired)', async () => {
    const hidden = await createHost(new WebhookCore({ processor: echoProcessor }));
    try {
      const reply = await hidden.send({ 'state.currentEvent': 'ECHO', 'person.id': 'p-7' });
      expect(reply).toMatchObject({ ok: true, fired: undefined });
      expect(reply.ok && reply.response.actions_to_perform).toEqual([
        { action: 'Verify', parameters: { person_id: 'p-7' } },
      ]);
    } finally {
      await hidden.close();
    }
  });

  it('names fired rules whose ids are not visible ASCII, percent-encoded, and keeps serving', async () => {
    const reply = await host.send({ 'state.currentEvent': 'ODD_IDS' });
    expect(reply).toEqual({
      ok: true,
      response: { result_code: 200 },
      fired: 'fraud/sp%C3%B6of,party/%F0%9F%8E%89,a%2Cb/50%25,plain/id',
    });
    expect(parseFiredRules((reply.ok && reply.fired) || '')).toEqual(ODD_RULE_IDS);
    expect(await host.send({ 'state.currentEvent': 'X' })).toMatchObject({ ok: true });
  });

  it('carries every response field across the wire', async () => {
    const reply = await host.send({ 'state.currentEvent': 'ECHO', 'person.id': 'p-7' });
    expect(reply).toEqual({
      ok: true,
      fired: 'test/echo,test/other',
      response: {
        result_code: 200,
        actions_to_perform: [{ action: 'Verify', parameters: { person_id: 'p-7' } }],
        session_variable_updates: [{ key: 'echo.count', value: '2' }],
        nodes_to_override: [
          { node_names: ['A', 'B'], enable: false },
          { node_names: ['C'], enable: true },
        ],
        event_filter: { keys_to_ignore: ['audio.*'], events_to_ignore: ['HEARTBEAT'] },
      },
    });
  });

  it('answers an event of 1,000 variables, all of them seen by the rules', async () => {
    const variables: Record<string, string> = { 'state.currentEvent': 'ECHO' };
    for (let i = 1; i < 1000; i++) variables[`custom.var${i}`] = `value-${i}-${'x'.repeat(20)}`;
    const reply = await host.send(variables);
    expect(reply.ok && reply.response.session_variable_updates).toEqual([
      { key: 'echo.count', value: '1000' },
    ]);
  });

  it('answers an event with no session variables', async () => {
    expect(await host.send({})).toEqual({ ok: true, response: { result_code: 200 }, fired: '' });
  });

  it('answers an empty message as an event with no session variables', async () => {
    expect(await host.sendEmpty()).toEqual(await host.send({}));
  });

  it('ignores unknown fields and counts them', async () => {
    const before = host.core.metrics.snapshot()['rulehook_unknown_fields_total'] ?? 0;
    const reply = await host.sendWithUnknownField({ 'state.currentEvent': 'ECHO' });
    expect(reply.ok && reply.response.session_variable_updates).toEqual([{ key: 'echo.count', value: '1' }]);
    expect(host.core.metrics.snapshot()['rulehook_unknown_fields_total']).toBe(before + 1);
  });

  it('rejects invalid UTF-8 in a value, naming the variable', async () => {
    expect(await host.sendInvalidUtf8Value('caller.name')).toEqual({
      ok: false,
      field: 'session_variables["caller.name"]',
      message: 'value is not valid UTF-8',
    });
  });

  it('rejects invalid UTF-8 in a key', async () => {
    const reply = await host.sendInvalidUtf8Key();
    expect(reply).toEqual({
      ok: false,
      field: 'session_variables',
      message: expect.stringMatching(/^a key is not valid UTF-8/),
    });
  });

  it('counts rejected events and keeps serving after them', async () => {
    const before = host.core.metrics.snapshot()['rulehook_invalid_events_total'] ?? 0;
    await host.sendInvalidUtf8Value('a');
    await host.sendInvalidUtf8Key();
    expect(host.core.metrics.snapshot()['rulehook_invalid_events_total']).toBe(before + 2);
    expect(await host.send({ 'state.currentEvent': 'X' })).toMatchObject({
      ok: true,
      response: { result_code: 200 },
    });
  });

  it.each([
    ['open', 200],
    ['closed', 500],
  ] as const)(
    'answers a failed evaluation by the %s fail policy (result_code %i), and keeps serving',
    async (failPolicy, code) => {
      const failing = await createHost(
        new WebhookCore({
          failPolicy,
          processor: {
            process: (e) => {
              if (e.session_variables['boom'] === '1') throw new Error('bug');
              return { response: createEmptyResponse(), fired: [] };
            },
          },
        }),
      );
      try {
        expect(await failing.send({ boom: '1' })).toEqual({
          ok: true,
          response: { result_code: code },
          fired: undefined,
        });
        expect(await failing.send({ boom: '0' })).toEqual({
          ok: true,
          response: { result_code: 200 },
          fired: undefined,
        });
        expect(failing.core.metrics.snapshot()['rulehook_event_failures_total']).toBe(1);
      } finally {
        await failing.close();
      }
    },
  );
});

describe.each(hosts)('host contract: limits and load: %s', (_name, createHost) => {
  let host: HostUnderTest;
  beforeAll(async () => {
    host = await createHost(new WebhookCore({ processor: echoProcessor }));
  });
  afterAll(() => host.close());

  const variables = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`v${i}`, 'x']));

  it.each([
    [
      'more variables than allowed',
      variables(1001),
      'session_variables',
      'the event has more than 1,000 session variables; at most 1,000 allowed (--max-variables)',
    ],
    [
      'a variable name longer than allowed',
      { ['n'.repeat(129)]: 'x' },
      'session_variables',
      `session variable name '${'n'.repeat(40)}...' has 129 bytes; at most 128 allowed (--max-key-bytes)`,
    ],
    [
      'a value longer than allowed',
      { 'caller.note': 'é'.repeat(2048) + 'x' },
      'session_variables["caller.note"]',
      "session variable 'caller.note' has a value of 4,097 bytes; at most 4,096 allowed (--max-value-bytes)",
    ],
  ])('refuses %s, naming the limit, and counts it as invalid', async (_case, vars, field, message) => {
    const before = host.core.metrics.snapshot()['rulehook_invalid_events_total'] ?? 0;
    expect(await host.send(vars)).toEqual({ ok: false, field, message });
    expect(host.core.metrics.snapshot()['rulehook_invalid_events_total']).toBe(before + 1);
  });

  it('refuses an event over --max-message-bytes, counts it as invalid, and keeps serving', async () => {
    const before = host.core.metrics.snapshot()['rulehook_invalid_events_total'] ?? 0;
    expect(await host.send({ big: 'x'.repeat(MAX_MESSAGE_BYTES) })).toEqual({ ok: false, tooLarge: true });
    expect(host.core.metrics.snapshot()['rulehook_invalid_events_total']).toBe(before + 1);
    expect(await host.send({ 'state.currentEvent': 'X' })).toMatchObject({ ok: true });
    expect(host.core.admission.count).toBe(0);
  });

  it('answers an event exactly at every limit', async () => {
    const vars = { ...variables(999), ['n'.repeat(128)]: 'é'.repeat(2048) };
    expect(await host.send(vars)).toMatchObject({ ok: true, response: { result_code: 200 } });
  });

  it('sheds an event beyond --max-inflight-events at once, with the reason and when to retry, then serves again', async () => {
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const holding: EventProcessor = {
      async process(event) {
        if (event.session_variables['hold'] === 'yes') await gate;
        return { response: createEmptyResponse(), fired: [] };
      },
    };
    // One address may take every place here (--client-share 100): the two held events come from one client.
    const busy = await createHost(
      new WebhookCore({ processor: holding, maxInflightEvents: 2, clientSharePercent: 100 }),
    );
    try {
      const held = [busy.send({ hold: 'yes' }), busy.send({ hold: 'yes' })];
      while (busy.core.admission.count < 2) await new Promise((r) => setTimeout(r, 5));
      expect(await busy.send({ hold: 'no' })).toEqual({
        ok: false,
        overloaded: true,
        message:
          'too many events in flight: 2 are being received or processed (--max-inflight-events); retry in 1 s',
        retryAfterMs: 1000,
      });
      open();
      expect((await Promise.all(held)).map((r) => r.ok)).toEqual([true, true]);
      expect(await busy.send({ hold: 'no' })).toMatchObject({ ok: true });
      expect(busy.core.admission.count).toBe(0);
      expect(busy.core.metrics.snapshot()).toMatchObject({
        rulehook_shed_events_total: 1,
        rulehook_invalid_events_total: 0,
      });
    } finally {
      open();
      await busy.close();
    }
  });
});

describe.each(hosts)('host contract with rule files: %s', (_name, createHost) => {
  let host: HostUnderTest;
  beforeAll(async () => {
    const dir = path.resolve(__dirname, '../fixtures/dsl');
    const loaded = await loadRules([dir], { cwd: dir });
    const core = new WebhookCore({ exposeFiredRules: true });
    core.setProcessor(new RuleProcessor(RuleBook.compile(loaded.rulesets), { metrics: core.metrics }));
    host = await createHost(core);
  });
  afterAll(() => host.close());

  it('answers with what the rules say, and names the fired rules', async () => {
    const reply = await host.send({
      'state.currentEvent': 'VERIFY_COMPLETED',
      'custom.line': 'premium',
      'custom.tier': 'gold',
      'person.id': 'p-42',
      'verify.decision': 'UNCERTAIN',
      'verify.score': '0.2',
      'risk.reason': 'FRAUD_DETECTED',
    });
    expect(reply).toEqual({
      ok: true,
      fired: 'vip-enrollment/enroll-after-mismatch,ordering/risky',
      response: {
        result_code: 200,
        actions_to_perform: [{ action: 'Enroll', parameters: { person_id: 'p-42', note: 'tier gold' } }],
        session_variable_updates: [
          { key: 'risk.level', value: 'high' },
          { key: 'rulehook.filter', value: '{"k":["audio.*","vad.*"],"e":["HEARTBEAT*"],"v":{}}' },
        ],
        nodes_to_override: [
          { node_names: ['FraudsterDetection'], enable: false },
          { node_names: ['Verify'], enable: true },
        ],
        event_filter: { keys_to_ignore: ['audio.*', 'vad.*'], events_to_ignore: ['HEARTBEAT*'] },
      },
    });
  });
});

type Update = { key: string; value: string };

describe.each(hosts)('host contract with session state: %s', (_name, createHost) => {
  const fingerprint = createFingerprint();
  let book: RuleBook;
  let host: HostUnderTest;
  let restarted: HostUnderTest;
  beforeAll(async () => {
    const dir = path.resolve(__dirname, '../fixtures/e2e/stateful');
    book = RuleBook.compile((await loadRules([dir], { cwd: dir })).rulesets);
    const start = (store?: MemorySessionStore) => {
      const core = new WebhookCore({ exposeFiredRules: true });
      core.setProcessor(new RuleProcessor(book, { metrics: core.metrics, ...(store ? { store } : {}) }));
      return createHost(core);
    };
    host = await start(new MemorySessionStore({ metrics: new Metrics() }));
    restarted = await start();
  });
  afterAll(() => Promise.all([host.close(), restarted.close()]));

  /** A session as the engine keeps it: every update the webhook answered is sent back with later events. */
  function engineSession(id: string) {
    const kept: Record<string, string> = { 'state.sessionId': id };
    return async (to: HostUnderTest, variables: Record<string, string>) => {
      const reply = await to.send({ ...kept, ...variables });
      const updates = reply.ok
        ? (reply.response.session_variable_updates as Update[] | undefined)
        : undefined;
      for (const { key, value } of updates ?? []) kept[key] = value;
      return reply;
    };
  }

  it('remembers once rules, deltas and the effective filter per session, in the session itself', async () => {
    const raise = engineSession('h-1');
    const first = await raise(host, { 'state.currentEvent': 'AUDIO_PROGRESS', 'verify.score': '0.2' });
    expect(first).toEqual({
      ok: true,
      fired: 'stateful/greet,stateful/rescore,stateful/quiet-audio',
      response: {
        result_code: 200,
        session_variable_updates: [
          { key: 'greeted', value: 'yes' },
          { key: 'rescored', value: '0.2' },
          { key: 'rulehook.filter', value: '{"k":["audio.*"],"e":[],"v":{}}' },
          { key: 'rulehook.once', value: '["stateful/greet"]' },
          {
            key: 'rulehook.seen',
            value: JSON.stringify({ 'verify.*': fingerprint('verify.*', 'verify.score\u00000.2\u0000') }),
          },
        ],
        event_filter: { keys_to_ignore: ['audio.*'] },
      },
    });
    const second = await raise(host, { 'state.currentEvent': 'HEARTBEAT', 'verify.score': '0.2' });
    expect(second).toEqual({
      ok: true,
      fired: 'stateful/quiet-heartbeat',
      response: {
        result_code: 200,
        session_variable_updates: [
          { key: 'rulehook.filter', value: '{"k":["audio.*"],"e":["HEARTBEAT"],"v":{}}' },
        ],
        event_filter: { keys_to_ignore: ['audio.*'], events_to_ignore: ['HEARTBEAT'] },
      },
    });
    const other = await engineSession('h-2')(host, { 'state.currentEvent': 'HEARTBEAT' });
    expect(other.ok && other.fired).toBe('stateful/greet,stateful/quiet-heartbeat');
  });

  it('continues a session on another process with no store, as after a restart', async () => {
    const raise = engineSession('h-3');
    await raise(host, { 'state.currentEvent': 'AUDIO_PROGRESS', 'verify.score': '0.2' });
    const next = await raise(restarted, { 'state.currentEvent': 'HEARTBEAT', 'verify.score': '0.7' });
    expect(next).toEqual({
      ok: true,
      fired: 'stateful/rescore,stateful/quiet-heartbeat',
      response: {
        result_code: 200,
        session_variable_updates: [
          { key: 'rescored', value: '0.7' },
          { key: 'rulehook.filter', value: '{"k":["audio.*"],"e":["HEARTBEAT"],"v":{}}' },
          {
            key: 'rulehook.seen',
            value: JSON.stringify({ 'verify.*': fingerprint('verify.*', 'verify.score\u00000.7\u0000') }),
          },
        ],
        event_filter: { keys_to_ignore: ['audio.*'], events_to_ignore: ['HEARTBEAT'] },
      },
    });
  });

  it('falls back to the store by session id when an event carries no state', async () => {
    const event = { 'state.sessionId': 'h-4', 'state.currentEvent': 'HEARTBEAT' };
    const first = await host.send(event);
    expect(first.ok && first.fired).toBe('stateful/greet,stateful/quiet-heartbeat');
    const again = await host.send(event);
    expect(again.ok && again.fired).toBe('stateful/quiet-heartbeat');
    expect(again.ok && again.response.event_filter).toBeUndefined();
  });
});
