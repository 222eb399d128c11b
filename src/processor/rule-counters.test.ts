import { buildRuleBook } from '../../test/support/rule-book';
import { Metrics } from '../observability/metrics';
import { RuleProcessor } from './rule-processor';

const book = buildRuleBook(
  {
    ruleset: 'fraud',
    rules: [
      {
        id: 'block',
        on: 'VERIFY_DONE',
        if: { var: 'verify.decision', equals: 'MISMATCH' },
        then: {
          schedule: [{ action: 'Alert' }, { action: 'Alert' }, { action: 'Transfer' }],
          disable: ['Enroll', 'Verify'],
          enable: ['Agent'],
        },
      },
      { id: 'never', on: 'NEVER', then: { schedule: [{ action: 'Unused' }] } },
    ],
  },
  { ruleset: 'greet', rules: [{ id: 'hello', then: { set: { greeted: 'yes' } } }] },
);

describe('RuleProcessor metrics', () => {
  const metrics = new Metrics();
  const processor = new RuleProcessor(book, { metrics });
  const send = (vars: Record<string, string>) => processor.process({ session_variables: vars });

  it('binds a series for every rule, action and node override of the rule set at load, counted zero times', () => {
    expect(metrics.snapshot()).toMatchObject({
      'rulehook_rules_fired_total{ruleset="fraud",rule="block"}': 0,
      'rulehook_rules_fired_total{ruleset="fraud",rule="never"}': 0,
      'rulehook_rules_fired_total{ruleset="greet",rule="hello"}': 0,
      'rulehook_operations_total{action="Unused"}': 0,
      'rulehook_node_overrides_total{node="Agent",enable="true"}': 0,
    });
  });

  it('counts each fired rule, the operations it scheduled and the nodes it overrode', async () => {
    await send({ 'state.currentEvent': 'VERIFY_DONE', 'verify.decision': 'MISMATCH' });
    await send({ 'state.currentEvent': 'VERIFY_DONE', 'verify.decision': 'MATCH' });
    expect(metrics.snapshot()).toMatchObject({
      'rulehook_rules_fired_total{ruleset="fraud",rule="block"}': 1,
      'rulehook_rules_fired_total{ruleset="greet",rule="hello"}': 2,
      rulehook_rules_fired_total: 3,
      'rulehook_operations_total{action="Alert"}': 2,
      'rulehook_operations_total{action="Transfer"}': 1,
      'rulehook_operations_total{action="Unused"}': 0,
      'rulehook_node_overrides_total{node="Enroll",enable="false"}': 1,
      'rulehook_node_overrides_total{node="Verify",enable="false"}': 1,
      'rulehook_node_overrides_total{node="Agent",enable="true"}': 1,
    });
  });

  it('times every evaluation', async () => {
    const before = /^rulehook_event_duration_seconds_count (\d+)$/m.exec(await metrics.render())?.[1];
    await send({ 'state.currentEvent': 'X' });
    const after = /^rulehook_event_duration_seconds_count (\d+)$/m.exec(await metrics.render())?.[1];
    expect(Number(after)).toBe(Number(before) + 1);
  });

  it('knows the event names its rules are written for', () => {
    expect([...processor.eventNames].sort()).toEqual(['NEVER', 'VERIFY_DONE']);
  });
});
