/**
 * The noise-reduction pack tested with the jest API of `rulehook/testing`
 * (imported from src/testing inside this repository): the pack's scenario
 * files, and the same kind of tests written in TypeScript.
 */
import { loadTestRules, matchers, runScenarios, type TestRules } from '../../src/testing';

expect.extend(matchers);

const RS = 'noise-reduction';
let rules: TestRules;
beforeAll(async () => {
  rules = await loadTestRules(__dirname, { strict: true });
});

it('passes every scenario test of the pack (noise.test.yaml)', async () => {
  const report = await runScenarios(__dirname);
  expect(report).toPass();
  expect(report.passed).toBe(12);
});

it('ignores heartbeats and counter-only events once the call started', async () => {
  const call = rules.session({ variables: { 'call.dnis': '+18005550100' } });
  expect(await call.raise('CALL_STARTED')).toHaveFired(`${RS}/ignore-heartbeats-and-progress-counters`);
  expect(await call.raise('HEARTBEAT')).toBeFiltered('events_to_ignore');
  expect(
    await call.raise('AUDIO_PROGRESS', { 'audio.netSeconds': '3.2', 'vad.speechSegments': '2' }),
  ).toBeFiltered('keys_to_ignore');
  const verify = await call.raise('VERIFY_COMPLETED', { 'audio.netSeconds': '8.0', 'verify.score': '0.9' });
  expect(verify).not.toBeFiltered();
  expect(verify).toRespondWith({ fired: [], filter: null });
});

it('turns the webhook off after a final decision, sending the whole filter', async () => {
  const call = rules.session();
  await call.raise('CALL_STARTED');
  const decided = await call.raise('SESSION_DECIDED', { 'session.decision': 'AUTHENTICATED' });
  expect(decided).toRespondWith({
    fired: [`${RS}/turn-webhook-off-after-final-decision`],
    updates: { 'webhook.mode': 'SILENCED' },
    filter: { exactly: { keys_to_ignore: ['audio.*', 'vad.*'], events_to_ignore: ['HEARTBEAT*', '*'] } },
  });
  expect(await call.raise('CALL_ENDED')).toBeFiltered('webhook_disabled');
});

it('keeps the webhook on for risky calls', async () => {
  for (const level of ['PENDING', 'UNVERIFIED', 'HIGH']) {
    const decided = await rules.event('SESSION_DECIDED', {
      'session.decision': 'AUTHENTICATED',
      'risk.level': level,
    });
    expect(decided).not.toHaveFired(`${RS}/turn-webhook-off-after-final-decision`);
  }
});
