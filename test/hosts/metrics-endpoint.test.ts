import request from 'supertest';
import type { RequestListener } from 'node:http';
import { createHttpHandler, startGrpcHost, WebhookCore, type RunningHost } from '../../src/hosts';
import { silentLogger } from '../../src/observability/logger';
import { RuleProcessor } from '../../src/processor/rule-processor';
import { RuleBook } from '../../src/rules/compile/rule-book';
import type { LoadedRuleset } from '../../src/rules/spec';
import { RawWebhookClient } from '../support/grpc-client';
import { parsePrometheusText, sampleValue, type Sample } from '../support/prometheus-text';

const RULESETS: LoadedRuleset[] = [
  {
    file: 'fraud.yaml',
    locate: () => undefined,
    spec: {
      ruleset: 'fraud',
      rules: [
        {
          id: 'mismatch',
          on: 'VERIFY_DONE',
          if: { var: 'verify.decision', equals: 'MISMATCH' },
          then: { schedule: [{ action: 'Alert' }], disable: ['Enroll'] },
        },
      ],
    },
  },
];
const REVISION = 'c0ffee123456'.padEnd(64, '0');

describe('GET /metrics after events on both hosts', () => {
  let core: WebhookCore;
  let listener: RequestListener;
  let grpcHost: RunningHost;
  let client: RawWebhookClient;
  let samples: Sample[];
  let types: Map<string, string>;

  beforeAll(async () => {
    core = new WebhookCore({ maxInflightEvents: 100 });
    // CALL_STARTED is known only from the catalog's events (passed as known names).
    const book = RuleBook.compile(RULESETS, ['CALL_STARTED']);
    core.setProcessor(new RuleProcessor(book, { metrics: core.metrics }), REVISION);
    listener = createHttpHandler(core, { maxBodyBytes: 64 * 1024, logger: silentLogger });
    grpcHost = await startGrpcHost(core, {
      host: '127.0.0.1',
      port: 0,
      maxMessageBytes: 64 * 1024,
      logger: silentLogger,
    });
    client = new RawWebhookClient(`127.0.0.1:${grpcHost.port}`);
    const post = (vars: Record<string, string>) =>
      request(listener)
        .post('/v1/events')
        .set('content-type', 'application/json')
        .send({ session_variables: vars });

    await post({ 'state.currentEvent': 'VERIFY_DONE', 'verify.decision': 'MISMATCH' });
    await client.sendVariables({ 'state.currentEvent': 'VERIFY_DONE', 'verify.decision': 'MISMATCH' });
    await client.sendVariables({ 'state.currentEvent': 'VERIFY_DONE', 'verify.decision': 'MATCH' });
    await post({ 'state.currentEvent': 'CALL_STARTED' });
    for (let i = 0; i < 3; i++) await post({ 'state.currentEvent': `made-up-${i}` });
    await request(listener)
      .post('/v1/events')
      .set('content-type', 'application/json')
      .send('{"session_variables":[]}');

    const res = await request(listener).get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    ({ samples, types } = parsePrometheusText(res.text));
  });
  afterAll(async () => {
    client.close();
    await grpcHost.close();
  });

  const value = (name: string, labels: Record<string, string> = {}) => sampleValue(samples, name, labels);

  it('counts events by known name and outcome, folding unknown names into `other`', () => {
    expect(value('rulehook_events_total', { event: 'VERIFY_DONE', outcome: 'answered' })).toBe(3);
    expect(value('rulehook_events_total', { event: 'CALL_STARTED', outcome: 'answered' })).toBe(1);
    expect(value('rulehook_events_total', { event: 'other', outcome: 'answered' })).toBe(3);
    expect(value('rulehook_events_total', { event: '', outcome: 'invalid' })).toBe(1);
    expect(samples.filter((s) => s.labels.event?.startsWith('made-up'))).toEqual([]);
  });

  it('counts fired rules, their operations and their node overrides', () => {
    expect(value('rulehook_rules_fired_total', { ruleset: 'fraud', rule: 'mismatch' })).toBe(2);
    expect(value('rulehook_operations_total', { action: 'Alert' })).toBe(2);
    expect(value('rulehook_node_overrides_total', { node: 'Enroll', enable: 'false' })).toBe(2);
  });

  it('times requests per transport and evaluations', () => {
    expect(value('rulehook_request_duration_seconds_count', { transport: 'http' })).toBe(6);
    expect(value('rulehook_request_duration_seconds_count', { transport: 'grpc' })).toBe(2);
    expect(value('rulehook_event_duration_seconds_count')).toBe(7);
    expect(types.get('rulehook_request_duration_seconds')).toBe('histogram');
    expect(types.get('rulehook_event_duration_seconds')).toBe('histogram');
  });

  it('shows the revision being served and the events in flight', () => {
    expect(value('rulehook_rules_revision_info', { revision: 'c0ffee123456' })).toBe(1);
    expect(value('rulehook_events_in_flight')).toBe(0);
  });

  it('declares a type for every rulehook metric it shows', () => {
    const names = new Set(samples.map((s) => s.name.replace(/_(bucket|sum|count)$/, '')));
    const ours = [...names].filter((name) => name.startsWith('rulehook_'));
    expect(ours.length).toBeGreaterThan(10);
    expect(ours.filter((name) => !types.has(name))).toEqual([]);
  });
});
