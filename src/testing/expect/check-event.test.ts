import { buildRuleBook } from '../../../test/support/rule-book';
import { EngineSimulator, LocalWebhook, type SimulatedEvent } from '../../simulation';
import { describeRules } from '../rules/rules-under-test';
import type { ExpectationSpec } from '../scenario/scenario-spec';
import { checkEvent } from './check-event';

const rules = describeRules(
  buildRuleBook({
    ruleset: 'r',
    rules: [
      {
        id: 'start',
        on: 'START',
        then: { set: { 'risk.level': 'LOW' }, filter: { keys_to_ignore: ['audio.*'] } },
      },
      {
        id: 'enroll',
        on: 'VERIFY',
        if: { var: 'verify.score', lt: 0.3 },
        then: { schedule: [{ action: 'Enroll', parameters: { person_id: '${person.id}' } }] },
      },
      { id: 'note', on: 'VERIFY', then: { set: { a: '1', 'seen.risk': '${risk.level:-none}' } } },
      { id: 'first', on: 'VERIFY', priority: 5, then: { set: { b: '2' } } },
    ],
  }),
);

async function raise(...events: Record<string, string>[]): Promise<SimulatedEvent> {
  const sim = new EngineSimulator(new LocalWebhook(rules.book, { explain: true }));
  let raised = { 'state.sessionId': 's', 'person.id': 'C-1' };
  let last: SimulatedEvent | undefined;
  for (const e of events) last = await sim.raise((raised = { ...raised, ...e }));
  return last!;
}
const check = (result: SimulatedEvent, expectation: ExpectationSpec) =>
  checkEvent(result, expectation, { index: 2, source: ['tests', 0, 'expect'], rules });

describe('checkEvent: fired', () => {
  it('passes when the rules fired as expected, in firing order', async () => {
    const verify = await raise({ 'state.currentEvent': 'VERIFY', 'verify.score': '0.1' });
    expect(check(verify, { fired: ['r/first', 'r/enroll', 'r/note'] })).toBeUndefined();
    expect(check(verify, { fired: { contains: ['r/note'] }, not_fired: ['r/start'] })).toBeUndefined();
  });

  it('says why an expected rule did not fire: the condition and the actual value', async () => {
    const verify = await raise({ 'state.currentEvent': 'VERIFY', 'verify.score': '0.5' });
    const failure = check(verify, { fired: { contains: ['r/enroll'] } });
    expect(failure!.mismatches).toEqual([
      {
        path: 'events[2].fired',
        source: ['tests', 0, 'expect', 'fired', 'contains'],
        expected: { contains: ['r/enroll'] },
        actual: ['r/first', 'r/note'],
      },
    ]);
    expect(failure!.notes).toEqual([
      '✗ r/enroll: its `if` does not hold: verify.score lt 0.3 is false (actual "0.5")  [r.yaml]',
    ]);
  });

  it('says why an unexpected rule fired, and names a rule fired despite not_fired', async () => {
    const verify = await raise({ 'state.currentEvent': 'VERIFY', 'verify.score': '0.1' });
    const failure = check(verify, { fired: ['r/first', 'r/note'], not_fired: ['r/enroll'] });
    expect(failure!.mismatches.map((m) => m.message)).toEqual([
      undefined,
      "'r/enroll' fired, but is expected not to",
    ]);
    expect(failure!.mismatches[1]!.source).toEqual(['tests', 0, 'expect', 'not_fired', 0]);
    expect(failure!.notes).toEqual([
      '✓ r/enroll: fired: verify.score lt 0.3 is true (actual "0.1")  [r.yaml]',
    ]);
  });

  it('gives the priorities when only the order differs', async () => {
    const verify = await raise({ 'state.currentEvent': 'VERIFY', 'verify.score': '0.1' });
    const failure = check(verify, { fired: ['r/enroll', 'r/note', 'r/first'] });
    expect(failure!.notes).toEqual([
      'the rules fire in this order: r/first (priority 5, rule 4 of its ruleset), r/enroll (priority 0, rule 2 of its ruleset), r/note (priority 0, rule 3 of its ruleset)',
    ]);
  });
});

describe('checkEvent: events the filter hides', () => {
  const hidden = () =>
    raise({ 'state.currentEvent': 'START' }, { 'state.currentEvent': 'PROGRESS', 'audio.netSeconds': '3' });

  it('checks sent, reason and entry', async () => {
    expect(
      check(await hidden(), { sent: false, reason: 'keys_to_ignore', entry: 'audio.*' }),
    ).toBeUndefined();
    const wrong = check(await hidden(), { reason: 'events_to_ignore' });
    expect(wrong!.mismatches.map((m) => [m.path, m.expected, m.actual])).toEqual([
      ['events[2].reason', 'events_to_ignore', 'keys_to_ignore'],
    ]);
    expect(wrong!.notes).toEqual([
      'the engine did not send this event: keys_to_ignore (entry "audio.*"); it changed only: audio.netSeconds',
    ]);
  });

  it('reports expectations on the answer to a hidden event once, at sent, saying why it was hidden', async () => {
    const failure = check(await hidden(), { fired: ['r/note'], updates: { a: '1' } });
    expect(failure!.mismatches).toEqual([
      {
        path: 'events[2].sent',
        source: ['tests', 0, 'expect', 'fired'],
        expected: true,
        actual: false,
        message: "'fired', 'updates' need the webhook's answer, but the event was not sent",
      },
    ]);
    expect(failure!.notes[0]).toContain('keys_to_ignore (entry "audio.*")');
    expect(check(await hidden(), { fired: [] })).toBeUndefined();
  });

  it('says what changed when an event expected to be hidden was sent', async () => {
    const sent = await raise(
      { 'state.currentEvent': 'START' },
      { 'state.currentEvent': 'PROGRESS', 'audio.netSeconds': '3', x: '1' },
    );
    expect(check(sent, { sent: false })!.notes).toEqual([
      'the engine sent this event; it changed: audio.netSeconds, x (state.* not counted)',
    ]);
  });
});

describe('checkEvent: the response', () => {
  const verify = () =>
    raise({ 'state.currentEvent': 'START' }, { 'state.currentEvent': 'VERIFY', 'verify.score': '0.1' });

  it('compares updates written as a mapping against the last update of each key, at its path', async () => {
    expect(check(await verify(), { updates: { 'seen.risk': 'LOW', b: '2' } })).toBeUndefined();
    const failure = check(await verify(), { updates: { 'seen.risk': 'HIGH', zz: '1' } });
    expect(failure!.mismatches.map((m) => [m.path, m.expected, m.actual, m.message])).toEqual([
      ['events[2].response.session_variable_updates[2].value', 'HIGH', 'LOW', undefined],
      ['events[2].response.session_variable_updates', { zz: '1' }, expect.anything(), "no update of 'zz'"],
    ]);
    expect(failure!.notes).toEqual(['set "seen.risk" written by: r/note [r.yaml]']);
    const exact = check(await verify(), { updates: { exactly: { a: '1', 'seen.risk': 'LOW' } } });
    expect(exact!.mismatches.map((m) => m.message)).toEqual(["unexpected update of 'b'"]);
  });

  it('compares operations, the filter and the whole response', async () => {
    const result = await verify();
    expect(
      check(result, { operations: [{ action: 'Enroll', parameters: { person_id: 'C-1' } }], filter: null }),
    ).toBeUndefined();
    const failure = check(result, {
      operations: [{ parameters: { person_id: 'C-2' } }],
      filter: { keys_to_ignore: [] },
    });
    expect(failure!.mismatches.map((m) => m.path)).toEqual([
      'events[2].response.actions_to_perform[0].parameters.person_id',
      'events[2].response.event_filter',
    ]);
    expect(failure!.notes).toEqual(['schedule written by: r/enroll [r.yaml]']);
    expect(check(result, { response: { result_code: 200 } })).toBeUndefined();
    expect(
      check(result, { response: { exactly: { result_code: 200 } } })!.mismatches.map((m) => m.path),
    ).toEqual(['events[2].response.actions_to_perform', 'events[2].response.session_variable_updates']);
  });

  it('checks the variables the event was raised with, the webhook updates included', async () => {
    expect(check(await verify(), { variables: { 'risk.level': 'LOW', 'person.id': 'C-1' } })).toBeUndefined();
  });
});
