import path from 'node:path';
import { toResponseJsonObject } from '../../src/contract';
import { RuleBook } from '../../src/rules/compile/rule-book';
import { evaluateEvent } from '../../src/rules/evaluate/evaluate-event';
import { loadRules } from '../../src/rules/load';

/** Hand-written rule files, loaded and compiled as `serve` does, against hand-written events. */
const DSL = path.resolve(__dirname, '../fixtures/dsl');

let book: RuleBook;
beforeAll(async () => {
  const loaded = await loadRules([DSL], { cwd: DSL });
  // Warnings only, no error: the audio.* and vad.* entries of ordering/risky's filter can stop the other
  // VERIFY_* events the vip-enrollment rule waits for.
  expect(loaded.diagnostics.map((d) => [d.code, path.basename(d.file), d.message.split("'")[1]])).toEqual([
    ['FILTER_DROPS_LISTENED_EVENT', '02-ordering.yaml', 'audio.*'],
    ['FILTER_DROPS_LISTENED_EVENT', '02-ordering.yaml', 'vad.*'],
  ]);
  book = RuleBook.compile(loaded.rulesets);
});

const answer = (vars: Record<string, string>) => {
  const evaluation = evaluateEvent(book, vars);
  return { fired: evaluation.fired, response: toResponseJsonObject(evaluation.response) };
};

const mismatch = {
  'state.currentEvent': 'VERIFY_COMPLETED',
  'custom.line': 'premium',
  'custom.tier': 'gold',
  'person.id': 'p-42',
  'verify.decision': 'MISMATCH',
  'verify.score': '0.12',
};

describe('rule files to responses', () => {
  it('answers the reference example exactly', () => {
    expect(answer(mismatch)).toEqual({
      fired: ['vip-enrollment/enroll-after-mismatch', 'ordering/numbers-as-text'],
      response: {
        result_code: 200,
        actions_to_perform: [{ action: 'Enroll', parameters: { person_id: 'p-42', note: 'tier gold' } }],
        session_variable_updates: [
          { key: 'risk.level', value: 'high' },
          { key: 'b', value: '0.10' },
          { key: '10', value: 'ten' },
          { key: 'a', value: '0.12' },
          { key: 'price', value: '$5' },
        ],
        nodes_to_override: [
          { node_names: ['FraudsterDetection'], enable: false },
          { node_names: ['Verify'], enable: true },
        ],
        event_filter: { keys_to_ignore: ['audio.*'], events_to_ignore: ['HEARTBEAT*'] },
      },
    });
  });

  it('applies a ruleset only where its `when` holds', () => {
    expect(answer({ ...mismatch, 'custom.line': 'basic' }).fired).toEqual(['ordering/numbers-as-text']);
  });

  it('lets later rules of the same ruleset fire when the stopping rule did not', () => {
    expect(answer({ ...mismatch, 'verify.score': '0.9' }).fired).toEqual([
      'vip-enrollment/never-after-stop',
      'ordering/numbers-as-text',
    ]);
  });

  it('matches `on` globs and merges filters from several rules', () => {
    const r = answer({ ...mismatch, 'custom.line': 'basic', 'risk.reason': 'FRAUD_DETECTED' });
    expect(r.fired).toEqual(['ordering/risky']);
    expect(r.response).toEqual({ result_code: 200, event_filter: { keys_to_ignore: ['audio.*', 'vad.*'] } });
    expect(answer({ ...mismatch, 'state.currentEvent': 'VERIFY_STARTED' }).fired).toEqual([
      'vip-enrollment/enroll-after-mismatch',
    ]);
  });
});
