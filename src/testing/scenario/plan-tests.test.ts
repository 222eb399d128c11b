import { planTest } from './plan-tests';
import type { ScenarioFileSpec, TestSpec } from './scenario-spec';

const file: ScenarioFileSpec = { rules: '.', variables: { 'person.id': 'C-1', tier: 'standard' } };
const changes = (test: TestSpec, index = 0) =>
  planTest(file, test, index).map((p) => p.events.map((e) => e.changes));

describe('planTest', () => {
  it('puts the file and test variables on the first event, with the event name and a session id', () => {
    const [plan] = planTest(
      file,
      { name: 't', variables: { tier: 'gold' }, event: 'A', expect: { fired: [] } },
      4,
    );
    expect(plan).toMatchObject({
      name: 't',
      session: 'scenario-5',
      caseIndex: undefined,
      path: ['tests', 4],
    });
    expect(plan!.events).toEqual([
      {
        event: 'A',
        changes: {
          'person.id': 'C-1',
          tier: 'gold',
          'state.currentEvent': 'A',
          'state.sessionId': 'scenario-5',
        },
        expect: { fired: [] },
        expectPath: ['tests', 4, 'expect'],
      },
    ]);
  });

  it('writes each later event as only what it changes', () => {
    const test: TestSpec = {
      name: 't',
      session: 'cs-1',
      events: [{ event: 'A' }, { event: 'B', variables: { x: '1' }, expect: { fired: [] } }],
    };
    const [plan] = planTest(file, test, 0);
    expect(plan!.events.map((e) => e.changes)).toEqual([
      { 'person.id': 'C-1', tier: 'standard', 'state.currentEvent': 'A', 'state.sessionId': 'cs-1' },
      { x: '1', 'state.currentEvent': 'B' },
    ]);
    expect(plan!.events.map((e) => e.expectPath)).toEqual([undefined, ['tests', 0, 'events', 1, 'expect']]);
  });

  it('keeps a state.sessionId the test writes', () => {
    const [plan] = planTest(file, { name: 't', variables: { 'state.sessionId': 'mine' }, event: 'A' }, 0);
    expect(plan!.session).toBe('mine');
  });

  it('runs a table-driven test once per case: a case replaces the values the test writes, wherever it writes them', () => {
    const test: TestSpec = {
      name: 'scores',
      events: [
        { event: 'A', variables: { score: '0.5' } },
        { event: 'B', variables: { score: '0.6', other: 'x' } },
      ],
      cases: [{ score: '0.1' }, { tier: 'gold', new: 'y' }],
    };
    const plans = planTest(file, test, 1);
    expect(plans.map((p) => [p.name, p.session, p.caseIndex])).toEqual([
      ['scores [score=0.1]', 'scenario-2-1', 0],
      ['scores [tier=gold, new=y]', 'scenario-2-2', 1],
    ]);
    expect(changes(test, 1)).toEqual([
      [
        {
          'person.id': 'C-1',
          tier: 'standard',
          score: '0.1',
          'state.currentEvent': 'A',
          'state.sessionId': 'scenario-2-1',
        },
        { score: '0.1', other: 'x', 'state.currentEvent': 'B' },
      ],
      [
        {
          'person.id': 'C-1',
          tier: 'gold',
          score: '0.5',
          new: 'y',
          'state.currentEvent': 'A',
          'state.sessionId': 'scenario-2-2',
        },
        { score: '0.6', other: 'x', 'state.currentEvent': 'B' },
      ],
    ]);
  });
});
