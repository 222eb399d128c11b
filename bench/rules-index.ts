import { HOT_RUNS } from '../src/rules/compile/compile-plan-runner';
import { RuleBook } from '../src/rules/compile/rule-book';
import { evaluateEvent, type EvaluationContext } from '../src/rules/evaluate/evaluate-event';
import { measureCompile, type CompileCost } from './compile-cost';
import { EVENT_NAMES, realisticVariables } from './events';
import {
  compareWithBaseline,
  measure,
  medianNsPerOp,
  pairedRatio,
  summarize,
  type Measured,
  type Subject,
} from './measure';
import { generateRulesets } from './rule-sets';
import { check, chooseRounds, type ResultRow, type RunOptions, type Suite } from './suite';
import { formatCount, formatNs, formatRatio, printTable, formatTimingCells } from './table';

/** The event name of the single-name layouts. */
const NAME = 'EVENT_42';

type Variables = Record<string, string>;

/**
 * The claim measured: 10,000 rules spread over 100 event names evaluate an
 * event at a cost close to that of 100 rules. In every layout an event meets the same 100
 * rules (rule-sets.ts) in the same 10 rulesets, 50 of which fire, so ratios
 * isolate what the other 9,900 rules cost.
 */
export const rulesIndexSuite: Suite = {
  name: 'rules-index',
  title: 'evaluating one event: 100 rules vs 10,000 rules over 100 event names',
  async run(options: RunOptions) {
    const samples = options.quick ? 1 : 3;
    const specs = {
      a: generateRulesets([NAME]),
      b: generateRulesets(EVENT_NAMES),
      c: generateRulesets(EVENT_NAMES.map(() => undefined)),
    };
    const loads = {
      a: measureCompile(specs.a, samples),
      b: measureCompile(specs.b, samples),
      c: measureCompile(specs.c, samples),
    };
    const a = RuleBook.compile(specs.a);
    const b = RuleBook.compile(specs.b);
    const c = RuleBook.compile(specs.c);
    const perName = new Map(EVENT_NAMES.map((name) => [name, RuleBook.compile(generateRulesets([name]))]));
    check(a.ruleCount === 100 && b.ruleCount === 10_000 && c.ruleCount === 10_000, 'rule counts');

    // 100 distinct event objects per case, so that no case reads one object over and over.
    const oneName = Array.from({ length: 100 }, (_, i) => realisticVariables(NAME, i));
    const allNames = EVENT_NAMES.map((name, i) => realisticVariables(name, i));
    const ownBook = (v: Variables) => perName.get(v['state.currentEvent'] as string) as RuleBook;
    for (const v of oneName) check(evaluateEvent(a, v).fired.length === 50, '(a) fires 50 of 100 rules');
    for (const v of allNames) {
      check(evaluateEvent(b, v).fired.length === 50, '(b) fires 50 of the 100 rules of its name');
      check(evaluateEvent(ownBook(v), v).fired.length === 50, '(a×100) fires 50 of 100 rules');
    }
    check(
      evaluateEvent(c, oneName[0] as Variables).fired.length === 5_000,
      '(c) fires 5,000 of 10,000 rules',
    );
    // Every plan past the events after which rulehook generates its functions (compile-plan-runner.ts), so that
    // the warm-up rounds are left to V8 optimizing them. (c)'s one plan is too heavy to be generated.
    for (let r = 0; r < HOT_RUNS; r++) {
      for (const v of oneName) for (const book of [a, b]) evaluateEvent(book, v);
      for (const v of allNames) for (const book of [b, ownBook(v)]) evaluateEvent(book, v);
    }

    let sink = 0;
    const subject = (
      label: string,
      events: readonly Variables[],
      bookFor: (v: Variables) => RuleBook,
      context: EvaluationContext = {},
    ): Subject => ({
      label,
      run(n) {
        for (let i = 0; i < n; i++) {
          const v = events[i % events.length] as Variables;
          sink += evaluateEvent(bookFor(v), v, context).fired.length;
        }
      },
    });
    const results = await measure(
      [
        subject('(a) 100 rules, all on the event name [baseline]', oneName, () => a),
        subject('(b) 10,000 rules over 100 names, events over all names', allNames, () => b),
        subject('(b1) 10,000 rules over 100 names, events of one name', oneName, () => b),
        subject('(a×100) 100 books of 100 rules, one per name, events over all', allNames, ownBook),
        subject('(c) 10,000 rules without `on` (unindexed worst case)', oneName, () => c),
        // Any budget costs the same until exceeded; a long one, so that a process preempted for more than
        // 50 ms on a loaded machine does not throw mid-round.
        subject('(a50) (a) counted against an --eval-budget, as `serve` does', oneName, () => a, {
          budgetMs: 60_000,
        }),
      ],
      chooseRounds(options, { rounds: 15, warmupRounds: 2, operations: { roundMs: 50 } }),
    );
    check(sink > 0, 'evaluations produced results');

    printTable(
      `rules-index: evaluateEvent on a 41-variable event; 50 rules fire (median of ${results[0]?.nsPerOp.length} interleaved rounds)`,
      ['case', 'time/event', 'events/s', 'noise', 'cost vs (a)'],
      summarize(results).map((s) => [s.label, ...formatTimingCells(s)]),
    );
    const [ra, rb, rb1, rax100, rc, ra50] = results as [
      Measured,
      Measured,
      Measured,
      Measured,
      Measured,
      Measured,
    ];
    const ratio = (x: Measured, y: Measured) => formatRatio(pairedRatio(x.nsPerOp, y.nsPerOp));
    printTable(
      'rules-index: what the ratios say',
      ['question', 'ratio', 'value'],
      [
        ['index: 10,000 rules vs 100, the same 100 rules touched', '(b1)/(a)', ratio(rb1, ra)],
        ['10,000 rules vs 100, events spread over all 100 names', '(b)/(a)', ratio(rb, ra)],
        ['  cost of touching 100x more compiled rules, no index', '(a×100)/(a)', ratio(rax100, ra)],
        ['  the index itself, at the same memory footprint', '(b)/(a×100)', ratio(rb, rax100)],
        ['what the index saves over evaluating every rule', '(c)/(b)', ratio(rc, rb)],
        ['what counting work against --eval-budget costs', '(a50)/(a)', ratio(ra50, ra)],
      ],
    );
    const loadRow = (label: string, rules: number, load: CompileCost) => [
      label,
      formatCount(rules),
      `${load.ms.toFixed(1)} ms`,
      load.heapBytes === undefined ? 'needs --expose-gc' : `${formatCount(load.heapBytes / rules)} B`,
    ];
    printTable(
      `rules-index: load time, RuleBook.compile of already-parsed specs (median of ${samples})`,
      ['rule set', 'rules', 'compile', 'heap/rule'],
      [
        loadRow('(a) 100 rules on one name', 100, loads.a),
        loadRow('(b) 10,000 rules over 100 names', 10_000, loads.b),
        loadRow('(c) 10,000 rules without `on`', 10_000, loads.c),
      ],
    );
    const row = (subject: Measured, baseline: Measured): ResultRow => ({
      path: 'evaluate',
      subject: subject.label.replace(/ \[baseline\]$/, ''),
      baseline: baseline.label.replace(/ \[baseline\]$/, ''),
      ratio: compareWithBaseline(subject, baseline),
      figures: `${formatNs(medianNsPerOp(subject))} vs ${formatNs(medianNsPerOp(baseline))}`,
    });
    return [row(rb1, ra), row(rb, ra), row(rb, rax100), row(rc, rb), row(ra50, ra)];
  },
};
