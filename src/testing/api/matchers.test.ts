import path from 'node:path';
import { buildRuleBook } from '../../../test/support/rule-book';
import { createTestRules, loadTestRules } from './load-test-rules';
import { matchers } from './matchers';
import { runScenarios } from './run-scenarios';

expect.extend(matchers);

const FIXTURES = path.join(__dirname, '../../../test/fixtures/scenarios');
const rules = createTestRules(
  buildRuleBook({
    ruleset: 'r',
    rules: [
      {
        id: 'start',
        on: 'START',
        then: { set: { 'risk.level': 'LOW' }, filter: { events_to_ignore: ['HB*'] } },
      },
      { id: 'high', on: 'VERIFY', if: { var: 'verify.score', gt: 0.8 }, then: { set: { ok: 'yes' } } },
    ],
  }),
);

describe('toHaveFired', () => {
  it('passes when the rules fired; .not when they did not', async () => {
    const result = await rules.event('VERIFY', { 'verify.score': '0.9' });
    expect(result).toHaveFired('r/high');
    expect(await rules.event('VERIFY', { 'verify.score': '0.5' })).not.toHaveFired('r/high');
  });

  it('says why a rule did not fire, with the actual value', async () => {
    const result = await rules.event('VERIFY', { 'verify.score': '0.5' });
    expect(() => expect(result).toHaveFired('r/high')).toThrow(
      'expected r/high to fire on event 1 (VERIFY); fired: []\nwhy:\n  ✗ r/high: its `if` does not hold: verify.score gt 0.8 is false (actual "0.5")',
    );
    const fired = await rules.event('VERIFY', { 'verify.score': '0.9' });
    expect(() => expect(fired).not.toHaveFired('r/high')).toThrow(
      'expected r/high not to fire on event 1 (VERIFY), but it did',
    );
  });

  it('fails on a rule id that does not exist, with or without .not', async () => {
    const result = await rules.event('VERIFY');
    expect(() => expect(result).not.toHaveFired('r/hihg')).toThrow(
      "no rule 'r/hihg' in the rules under test; did you mean 'r/high'?",
    );
    expect(() => expect(result).toHaveFired('r/hihg')).toThrow("no rule 'r/hihg'");
  });

  it('refuses what is not an event result', () => {
    expect(() => expect({ fired: [] }).toHaveFired('r/high')).toThrow(
      'toHaveFired expects the result of session.raise()',
    );
  });
});

describe('toRespondWith and toBeFiltered', () => {
  it('compares like a scenario file, across a session', async () => {
    const call = rules.session({ id: 'cs-1' });
    expect(await call.raise('START')).toRespondWith({
      fired: ['r/start'],
      updates: { 'risk.level': 'LOW' },
      filter: { events_to_ignore: ['HB*'] },
      variables: { 'state.sessionId': 'cs-1' },
    });
    expect(await call.raise('HB1')).toBeFiltered('events_to_ignore');
    const verify = await call.raise('VERIFY', { 'verify.score': '0.95' });
    expect(verify).toRespondWith({ fired: ['r/high'], variables: { 'risk.level': 'LOW' }, filter: null });
    expect(verify).not.toBeFiltered();
    expect(call.results.map((r) => [r.index, r.event, r.sent])).toEqual([
      [0, 'START', true],
      [1, 'HB1', false],
      [2, 'VERIFY', true],
    ]);
  });

  it('fails with the same diff as rulehook test', async () => {
    const [, verify] = await rules.call([
      { event: 'START' },
      { event: 'VERIFY', variables: { 'verify.score': '0.1' } },
    ]);
    expect(() => expect(verify).toRespondWith({ fired: ['r/high'] })).toThrow(
      [
        'event 2 (VERIFY)',
        '  events[1].fired',
        '    expected: ["r/high"]',
        '    actual:   []',
        '  why:',
        '    ✗ r/high: its `if` does not hold: verify.score gt 0.8 is false (actual "0.1")',
      ].join('\n'),
    );
    expect(() => expect(verify).toRespondWith({ not_fired: ['r/nope'] })).toThrow("no rule 'r/nope'");
  });

  it('says why an event was or was not filtered', async () => {
    const call = rules.session();
    await call.raise('START');
    const heartbeat = await call.raise('HB');
    expect(() => expect(heartbeat).not.toBeFiltered()).toThrow(
      'expected event 2 (HB) not to be filtered, but it was filtered by events_to_ignore (entry "HB*")',
    );
    const verify = await call.raise('VERIFY', { x: '1' });
    expect(() => expect(verify).toBeFiltered('keys_to_ignore')).toThrow(
      'expected event 3 (VERIFY) to be filtered by keys_to_ignore, but it was sent (changed: x)',
    );
  });
});

describe('loadTestRules and runScenarios', () => {
  it('loads rules as rulehook validate does, and throws with its report on errors', async () => {
    const loaded = await loadTestRules('passing/rules.yaml', { cwd: FIXTURES });
    expect(loaded.ids).toEqual([
      'basic/mark-start',
      'basic/enroll-gold',
      'basic/echo-risk',
      'basic/unused',
      'basic/off',
    ]);
    await expect(loadTestRules('../rules/many-mistakes.yaml', { cwd: FIXTURES })).rejects.toThrow(
      "many-mistakes.yaml:19:31 - error UNKNOWN_OPERATOR: 'equls' is not an operator",
    );
  });

  it('runs scenario files, and toPass shows the report when they fail', async () => {
    expect(await runScenarios('passing', { cwd: FIXTURES })).toPass();
    const failing = await runScenarios('failing', { cwd: FIXTURES });
    expect(failing).not.toPass();
    expect(() => expect(failing).toPass()).toThrow('1 passed, 3 failed');
  });
});
