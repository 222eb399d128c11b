import path from 'node:path';
import { RuleBook } from '../../rules/compile/rule-book';
import { loadRules } from '../../rules/load';
import { EngineSimulator, LocalWebhook } from '../../simulation';
import { describeRules, type RulesUnderTest } from '../rules/rules-under-test';
import { CoverageRecorder } from './coverage-recorder';

const DIR = path.join(__dirname, '../../../test/fixtures/scenarios/passing');

async function loadBasic() {
  const load = await loadRules(['rules.yaml'], { cwd: DIR });
  return { load, rules: describeRules(RuleBook.compile(load.rulesets), load) };
}

async function record(recorder: CoverageRecorder, rules: RulesUnderTest, ...events: Record<string, string>[]) {
  const sim = new EngineSimulator(new LocalWebhook(rules.book, { explain: true }));
  for (const e of events) recorder.record(rules, await sim.raise({ 'state.sessionId': 's', ...e }));
}

describe('CoverageRecorder', () => {
  it('counts the events that fired each rule, and lists enabled rules never fired', async () => {
    const { load, rules } = await loadBasic();
    const recorder = new CoverageRecorder();
    recorder.register(rules, load);
    await record(recorder, rules, { 'state.currentEvent': 'CALL_STARTED' }, { 'state.currentEvent': 'VERIFY_COMPLETED' });
    await record(recorder, rules, { 'state.currentEvent': 'VERIFY_COMPLETED' });
    const report = recorder.report();
    expect(report.rules.map((r) => [r.rule, r.enabled, r.events, r.line])).toEqual([
      ['basic/mark-start', true, 1, 5],
      ['basic/enroll-gold', true, 0, 10],
      ['basic/echo-risk', true, 2, 22],
      ['basic/unused', true, 0, 26],
      ['basic/off', false, 0, 29],
    ]);
    expect(report).toMatchObject({ enabled: 4, fired: 2, neverFired: ['basic/enroll-gold', 'basic/unused'] });
  });

  it('records the outcomes of each leaf of `if`, through named conditions', async () => {
    const { load, rules } = await loadBasic();
    const recorder = new CoverageRecorder();
    recorder.register(rules, load);
    const verify = { 'state.currentEvent': 'VERIFY_COMPLETED', 'custom.tier': 'gold' };
    await record(recorder, rules, { ...verify, 'verify.score': '0.1' }, { ...verify, 'verify.score': '0.9' });
    const enroll = recorder.report().rules.find((r) => r.rule === 'basic/enroll-gold')!;
    expect(enroll.conditions).toEqual([
      { path: 'if.all[0].ref(gold)', condition: 'custom.tier equals "gold"', true: 2, false: 0 },
      { path: 'if.all[1]', condition: 'verify.score lt 0.3', true: 1, false: 1 },
    ]);
    expect(recorder.report().outcomes).toEqual({ total: 4, seen: 3 });
  });

  it('adds up rules registered by several loads of the same files', async () => {
    const first = await loadBasic();
    const second = await loadBasic();
    const recorder = new CoverageRecorder();
    recorder.register(first.rules, first.load);
    recorder.register(second.rules, second.load);
    await record(recorder, first.rules, { 'state.currentEvent': 'CALL_STARTED' });
    await record(recorder, second.rules, { 'state.currentEvent': 'CALL_STARTED' });
    const report = recorder.report();
    expect(report.rules).toHaveLength(5);
    expect(report.rules[0]).toMatchObject({ rule: 'basic/mark-start', events: 2 });
  });
});
