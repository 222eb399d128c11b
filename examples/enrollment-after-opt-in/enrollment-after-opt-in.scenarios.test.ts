/** Runs the pack's scenario files (enrollment.test.yaml) from jest, with `rulehook/testing` (src/testing here). */
import { loadTestRules, matchers, runScenarios } from '../../src/testing';

expect.extend(matchers);

it('passes every scenario test of the pack', async () => {
  const report = await runScenarios(__dirname, { coverage: true });
  expect(report).toPass();
  expect(report.passed).toBe(14);
  expect(report.coverage?.neverFired).toEqual([]);
});

it('enrolls a standard caller once the speech reaches 20 seconds, and only once', async () => {
  const rules = await loadTestRules(__dirname, { strict: true });
  const call = rules.session({ id: 'cs-1', variables: { 'person.id': 'C-1029384' } });
  await call.raise('PERSON_IDENTIFIED');
  expect(
    await call.raise('OPT_IN_RECEIVED', { 'person.optIn': 'true', 'audio.netSeconds': '19.9' }),
  ).toRespondWith({
    fired: ['enrollment-after-opt-in/wait-for-more-speech'],
    operations: [],
  });
  expect(await call.raise('AUDIO_PROGRESS', { 'audio.netSeconds': '20' })).toHaveFired(
    'enrollment-after-opt-in/enroll-after-consent',
  );
  expect(await call.raise('AUDIO_PROGRESS', { 'audio.netSeconds': '24' })).toRespondWith({ fired: [] });
});
