/** Runs the pack's scenario files (risk.test.yaml) from jest, with `rulehook/testing` (src/testing here). */
import { loadTestRules, matchers, runScenarios } from '../../src/testing';

expect.extend(matchers);

it('passes every scenario test of the pack', async () => {
  const report = await runScenarios(__dirname, { coverage: true });
  expect(report).toPass();
  expect(report.passed).toBe(23);
  expect(report.coverage?.neverFired).toEqual([]);
});

it('alerts the agent once, whatever raises the alarm first', async () => {
  const rules = await loadTestRules(__dirname, { strict: true });
  const call = rules.session({ variables: { 'call.ani': '+13125550187', 'person.id': 'C-5566778' } });
  const fraud = await call.raise('FRAUD_CHECK_COMPLETED', {
    'fraud.decision': 'WATCHLIST_MATCH',
    'fraud.score': '0.9',
  });
  expect(fraud).toRespondWith({
    fired: ['fraud-and-spoofing/fraudster-suspected'],
    operations: [{ action: 'NotifyAgent', parameters: { severity: 'critical' } }],
    nodes: [{ node_names: ['Verify', 'Enroll', 'Train'], enable: false }],
  });
  const spoof = await call.raise('SPOOF_CHECK_COMPLETED', { 'spoof.decision': 'SPOOF' });
  expect(spoof).not.toHaveFired('fraud-and-spoofing/spoof-suspected');
  expect(spoof).toRespondWith({
    variables: { 'risk.level': 'HIGH' },
    response: { exactly: { result_code: 200 } },
  });
});
