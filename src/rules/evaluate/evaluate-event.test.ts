import { buildRuleBook } from '../../../test/support/rule-book';
import { evaluateEvent } from './evaluate-event';
import { explainEvent } from './explain-event';
import type { RuleSpec } from '../spec';

const ev = (name: string, vars: Record<string, string> = {}) => ({ 'state.currentEvent': name, ...vars });
const setRule = (id: string, extra: Partial<RuleSpec> = {}): RuleSpec => ({
  id,
  then: { set: { [id]: 'y' } },
  ...extra,
});

describe('evaluateEvent: which rules fire', () => {
  const book = buildRuleBook({
    ruleset: 'rs',
    rules: [
      setRule('exact', { on: 'VERIFY_COMPLETED' }),
      setRule('glob', { on: ['ENROLL_DONE', 'VERIFY_*'] }),
      setRule('every'),
      setRule('cond', { on: 'VERIFY_COMPLETED', if: { var: 'verify.score', lt: 0.3 } }),
    ],
  });

  it('matches `on` exactly, by glob, and applies rules without `on` to every event', () => {
    expect(evaluateEvent(book, ev('VERIFY_COMPLETED')).fired).toEqual(['rs/exact', 'rs/glob', 'rs/every']);
    expect(evaluateEvent(book, ev('VERIFY_STARTED')).fired).toEqual(['rs/glob', 'rs/every']);
    expect(evaluateEvent(book, ev('CALL_STARTED')).fired).toEqual(['rs/every']);
    expect(evaluateEvent(book, {}).fired).toEqual(['rs/every']);
  });

  it('fires a rule only when its `if` holds', () => {
    expect(evaluateEvent(book, ev('VERIFY_COMPLETED', { 'verify.score': '0.1' })).fired).toContain('rs/cond');
    expect(evaluateEvent(book, ev('VERIFY_COMPLETED', { 'verify.score': '0.9' })).fired).not.toContain(
      'rs/cond',
    );
  });

  it('orders by priority (higher first), then written order', () => {
    const b = buildRuleBook({
      ruleset: 'p',
      rules: [
        setRule('a'),
        setRule('b', { priority: 5 }),
        setRule('c'),
        setRule('d', { priority: 5 }),
        setRule('e', { priority: -1 }),
      ],
    });
    expect(evaluateEvent(b, ev('X')).fired).toEqual(['p/b', 'p/d', 'p/a', 'p/c', 'p/e']);
  });

  it('ends only its own ruleset on `stop`, and only when the stopping rule fired', () => {
    const b = buildRuleBook(
      {
        ruleset: 'one',
        rules: [setRule('gate', { stop: true, if: { var: 'halt', equals: 'yes' } }), setRule('after')],
      },
      { ruleset: 'two', rules: [setRule('other')] },
    );
    expect(evaluateEvent(b, ev('X', { halt: 'yes' })).fired).toEqual(['one/gate', 'two/other']);
    expect(evaluateEvent(b, ev('X', { halt: 'no' })).fired).toEqual(['one/after', 'two/other']);
  });

  it('skips a whole ruleset whose `when` does not hold', () => {
    const b = buildRuleBook(
      { ruleset: 'premium', when: { var: 'custom.line', equals: 'premium' }, rules: [setRule('r')] },
      { ruleset: 'all', rules: [setRule('r')] },
    );
    expect(evaluateEvent(b, ev('X', { 'custom.line': 'basic' })).fired).toEqual(['all/r']);
    expect(evaluateEvent(b, ev('X', { 'custom.line': 'premium' })).fired).toEqual(['premium/r', 'all/r']);
  });

  it('never fires a disabled rule', () => {
    const b = buildRuleBook({ ruleset: 'd', rules: [setRule('off', { enabled: false }), setRule('on')] });
    expect(evaluateEvent(b, ev('X')).fired).toEqual(['d/on']);
  });

  it('resolves refs and named lists', () => {
    const b = buildRuleBook({
      ruleset: 'n',
      lists: { risky: ['FRAUD', 'SPOOF'] },
      conditions: { gold: { var: 'tier', equals: 'gold' }, risky: { var: 'reason', in: { list: 'risky' } } },
      rules: [setRule('r', { if: { all: [{ ref: 'gold' }, { not: { ref: 'risky' } }] } })],
    });
    expect(evaluateEvent(b, ev('X', { tier: 'gold', reason: 'OK' })).fired).toEqual(['n/r']);
    expect(evaluateEvent(b, ev('X', { tier: 'gold', reason: 'SPOOF' })).fired).toEqual([]);
    expect(evaluateEvent(b, ev('X', { tier: 'gold' })).fired).toEqual(['n/r']);
  });

  it('fires `once` rules only when the session has not seen them fire', () => {
    const b = buildRuleBook({ ruleset: 'o', rules: [setRule('first', { once: true })] });
    expect(evaluateEvent(b, ev('X')).fired).toEqual(['o/first']);
    expect(evaluateEvent(b, ev('X'), { onceFired: new Set(['o/first']) }).fired).toEqual([]);
  });

  it('tests `changed` against the globs whose variables changed, and is false when that is unknown', () => {
    const b = buildRuleBook({ ruleset: 'c', rules: [setRule('r', { if: { changed: 'verify.*' } })] });
    expect(evaluateEvent(b, ev('X'), { changed: new Set(['verify.*']) }).fired).toEqual(['c/r']);
    expect(evaluateEvent(b, ev('X'), { changed: new Set(['audio.*']) }).fired).toEqual([]);
    expect(evaluateEvent(b, ev('X')).fired).toEqual([]);
  });
});

describe('evaluateEvent: rules of every shape in one ruleset', () => {
  // Conjunctions of leaves, single leaves, other shapes, `once`, outputs skipped
  // by rules that do not fire, and a `stop`, one after another in one ruleset.
  const book = buildRuleBook({
    ruleset: 'mix',
    rules: [
      {
        id: 'skipped',
        if: {
          all: [
            { var: 'tier', equals: 'gold' },
            { var: 'score', gt: 0.9 },
          ],
        },
        then: {
          set: { skipped: '${tier}' },
          schedule: [{ action: 'A', parameters: { p: '${tier}', q: 'fixed' } }],
          disable: ['n1'],
        },
      },
      {
        id: 'leaves',
        if: {
          all: [
            { var: 'tier', in: ['silver', 'gold'] },
            { var: 'score', lt: 0.5 },
          ],
        },
        then: {
          set: { note: 'tier ${tier}, ${missing:-none}${absent}', fixed: 'v' },
          schedule: [
            { action: 'B', parameters: { p: '${tier}', q: 'fixed' } },
            { action: 'C', parameters: { q: 'fixed' } },
          ],
          enable: ['n2'],
        },
      },
      { id: 'single', if: { var: 'tier', not_equals: 'gold' }, then: { set: { single: 'y' } } },
      {
        id: 'any',
        if: { any: [{ var: 'tier', equals: 'x' }, { not: { var: 'score', gte: 1 } }] },
        then: { set: { any: 'y' } },
      },
      { id: 'once', once: true, then: { set: { once: 'y' } } },
      { id: 'stopper', stop: true, if: { all: [{ var: 'tier', exists: true }] }, then: {} },
      { id: 'after', then: { set: { after: 'y' } } },
    ],
  });
  const vars = ev('X', { tier: 'gold', score: '0.2' });

  it('fires, skips and stops as written', () => {
    const result = evaluateEvent(book, vars);
    expect(result.fired).toEqual(['mix/leaves', 'mix/any', 'mix/once', 'mix/stopper']);
    expect(result.response.session_variable_updates).toEqual([
      { key: 'note', value: 'tier gold, none' },
      { key: 'fixed', value: 'v' },
      { key: 'any', value: 'y' },
      { key: 'once', value: 'y' },
    ]);
    expect(result.response.actions_to_perform).toEqual([
      { action: 'B', parameters: { p: 'gold', q: 'fixed' } },
      { action: 'C', parameters: { q: 'fixed' } },
    ]);
    expect(result.response.nodes_to_override).toEqual([{ node_names: ['n2'], enable: true }]);
    expect(result.missingTemplateVariables).toBe(1);
    expect(evaluateEvent(book, vars, { onceFired: new Set(['mix/once']) }).fired).toEqual([
      'mix/leaves',
      'mix/any',
      'mix/stopper',
    ]);
  });

  it('agrees with explainEvent', () => {
    for (const v of [vars, ev('X', { tier: 'silver', score: '3' }), ev('X')]) {
      const fired = explainEvent(book, v)
        .filter((e) => e.fired)
        .map((e) => e.rule);
      expect(fired).toEqual(evaluateEvent(book, v).fired);
    }
  });
});

describe('evaluateEvent: the response', () => {
  it('writes templated parameters in written order, in a new object per event', () => {
    const b = buildRuleBook({
      ruleset: 'order',
      rules: [
        {
          id: 'a',
          then: { schedule: [{ action: 'A', parameters: { z: '${x}', a: 'fixed', m: '${y:-none}' } }] },
        },
      ],
    });
    const first = evaluateEvent(b, ev('E', { x: '1' })).response.actions_to_perform[0];
    const second = evaluateEvent(b, ev('E', { x: '2', y: 'set' })).response.actions_to_perform[0];
    expect(JSON.stringify(first)).toBe('{"action":"A","parameters":{"z":"1","a":"fixed","m":"none"}}');
    expect(JSON.stringify(second)).toBe('{"action":"A","parameters":{"z":"2","a":"fixed","m":"set"}}');
    expect(first?.parameters).not.toBe(second?.parameters);
  });

  it('keeps a parameter or a set key named __proto__, templated or constant, as an ordinary key', () => {
    const b = buildRuleBook({
      ruleset: 'proto',
      rules: [
        {
          id: 'a',
          then: {
            schedule: [
              { action: 'T', parameters: JSON.parse('{"__proto__":"${x}","k":"${x}"}') },
              { action: 'C', parameters: JSON.parse('{"__proto__":"fixed"}') },
            ],
            set: JSON.parse('{"__proto__":"${x}"}'),
          },
        },
      ],
    });
    const { response } = evaluateEvent(b, ev('E', { x: '1' }));
    expect(JSON.stringify(response.actions_to_perform)).toBe(
      '[{"action":"T","parameters":{"__proto__":"1","k":"1"}},{"action":"C","parameters":{"__proto__":"fixed"}}]',
    );
    expect(response.session_variable_updates).toEqual([{ key: '__proto__', value: '1' }]);
    expect(Object.getPrototypeOf(response.actions_to_perform[0]?.parameters)).toBe(Object.prototype);
  });

  it('appends each fired rule’s outputs in order: schedule, set, disable, enable', () => {
    const b = buildRuleBook({
      ruleset: 'out',
      rules: [
        {
          id: 'a',
          then: {
            schedule: [
              {
                action: 'Enroll',
                parameters: { person_id: '${person.id}', note: 'tier ${tier:-unknown} costs $$5' },
              },
            ],
            set: { 'risk.level': 'high', 'risk.by': '${missing}' },
            disable: ['FraudsterDetection'],
            enable: ['Verify'],
          },
        },
        { id: 'b', then: { schedule: [{ action: 'Train' }], disable: ['X'] } },
      ],
    });
    const r = evaluateEvent(b, ev('E', { 'person.id': 'p-1' }));
    expect(r.response).toEqual({
      result_code: 200,
      result_message: '',
      actions_to_perform: [
        { action: 'Enroll', parameters: { person_id: 'p-1', note: 'tier unknown costs $5' } },
        { action: 'Train', parameters: {} },
      ],
      session_variable_updates: [
        { key: 'risk.level', value: 'high' },
        { key: 'risk.by', value: '' },
      ],
      nodes_to_override: [
        { node_names: ['FraudsterDetection'], enable: false },
        { node_names: ['Verify'], enable: true },
        { node_names: ['X'], enable: false },
      ],
    });
    expect(r.missingTemplateVariables).toBe(1);
  });

  it('merges filters by union in first-seen order and sends the whole filter when it changed', () => {
    const b = buildRuleBook({
      ruleset: 'f',
      rules: [
        { id: 'a', then: { filter: { keys_to_ignore: ['audio.*', 'noise'] } } },
        {
          id: 'b',
          then: { filter: { keys_to_ignore: ['noise', 'vad.*'], events_to_ignore: ['HEARTBEAT*'] } },
        },
      ],
    });
    const first = evaluateEvent(b, ev('X'));
    expect(first.response.event_filter).toEqual({
      keys_to_ignore: ['audio.*', 'noise', 'vad.*'],
      values_to_ignore: {},
      events_to_ignore: ['HEARTBEAT*'],
    });
    const again = evaluateEvent(b, ev('X'), { filter: first.filter });
    expect(again.response.event_filter).toBeUndefined();
    expect(again.filter).toBe(first.filter);
  });
});

describe('explainEvent', () => {
  const book = buildRuleBook({
    ruleset: 'x',
    when: { var: 'line', not_equals: 'test' },
    rules: [
      setRule('low', {
        on: 'VERIFY_COMPLETED',
        if: {
          all: [
            { var: 'tier', equals: 'gold' },
            { var: 'score', lt: 0.3 },
          ],
        },
      }),
      setRule('stopper', { stop: true, if: { var: 'halt', exists: true } }),
      setRule('late'),
      setRule('off', { enabled: false }),
    ],
  });

  it('says which condition decided each rule, with the actual value', () => {
    const out = explainEvent(book, ev('VERIFY_COMPLETED', { tier: 'gold', score: '0.5', halt: '1' }));
    expect(out.map((e) => [e.rule, e.reason])).toEqual([
      ['x/low', 'if'],
      ['x/stopper', 'fired'],
      ['x/late', 'stopped'],
      ['x/off', 'disabled'],
    ]);
    const low = out[0]?.condition;
    expect(low?.kind === 'all' && low.children[1]).toEqual({
      kind: 'leaf',
      var: 'score',
      operator: 'lt',
      operand: 0.3,
      actual: '0.5',
      result: false,
    });
  });

  it('agrees with evaluateEvent on which rules fire', () => {
    for (const vars of [
      ev('VERIFY_COMPLETED', { tier: 'gold', score: '0.1' }),
      ev('OTHER'),
      ev('VERIFY_COMPLETED', { line: 'test' }),
      ev('X', { halt: '' }),
    ]) {
      const fired = explainEvent(book, vars)
        .filter((e) => e.fired)
        .map((e) => e.rule);
      expect(fired).toEqual(evaluateEvent(book, vars).fired);
    }
  });
});
