import { WebhookCore } from '../src/hosts';
import { Metrics } from '../src/observability/metrics';
import { RuleProcessor } from '../src/processor/rule-processor';
import { RuleBook } from '../src/rules/compile/rule-book';
import { evaluateEvent } from '../src/rules/evaluate/evaluate-event';
import type { LoadedRuleset } from '../src/rules/spec';
import { realisticVariables } from './events';
import { compareWithBaseline, measure, medianNsPerOp, summarize } from './measure';
import { generateRulesets } from './rule-sets';
import { check, chooseRounds, type ResultRow, type Suite } from './suite';
import { formatNs, printTable, formatTimingCells } from './table';

const NAME = 'EVENT_42';

type Variables = Record<string, string>;

/**
 * What `serve` does around the rules, per event: the core (counting, the fail
 * policy) and the rule processor (carried state, the session step, counting
 * fired rules, operations and node overrides, the evaluation's duration), against
 * evaluating the same rules alone. Run before and after a change to the core or
 * the metrics, the ratio says what the change costs per event.
 */
export const processorSuite: Suite = {
  name: 'processor',
  title: 'WebhookCore.onEvent with a RuleProcessor (as serve answers) vs evaluateEvent alone',
  async run(options) {
    const all = generateRulesets([NAME]);
    const events = Array.from({ length: 100 }, (_, i) => realisticVariables(NAME, i));
    const rows: string[][] = [];
    const summary: ResultRow[] = [];
    for (const [label, rulesets] of [
      ['10 rules, 5 fire', all.slice(0, 1)],
      ['100 rules, 50 fire', all],
    ] as [string, LoadedRuleset[]][]) {
      const book = RuleBook.compile(rulesets);
      const metrics = new Metrics();
      const core = new WebhookCore({
        metrics,
        exposeFiredRules: true,
        processor: new RuleProcessor(book, { metrics }),
      });
      const fired = evaluateEvent(book, events[0] as Variables).fired.length;
      const reply = await core.onEvent({
        ok: true,
        value: { session_variables: events[0]! },
        unknownFields: 0,
      });
      check(
        reply.ok && reply.firedRules?.split(',').length === fired,
        `${label}: the core fires ${fired} rules`,
      );
      let sink = 0;
      const results = await measure(
        [
          {
            label: `evaluateEvent [baseline]`,
            run(n) {
              for (let i = 0; i < n; i++)
                sink += evaluateEvent(book, events[i % events.length]!).fired.length;
            },
          },
          {
            label: `WebhookCore.onEvent + RuleProcessor`,
            async run(n) {
              for (let i = 0; i < n; i++) {
                const value = { session_variables: events[i % events.length]! };
                const answer = await core.onEvent({ ok: true, value, unknownFields: 0 });
                if (answer.ok) sink += answer.response.actions_to_perform.length;
              }
            },
          },
        ],
        chooseRounds(options, { rounds: 15, warmupRounds: 2, operations: { roundMs: 50 } }),
      );
      const [base, ours] = results as [(typeof results)[0], (typeof results)[0]];
      summary.push({
        path: 'processor',
        subject: `WebhookCore.onEvent + RuleProcessor, ${label}`,
        baseline: 'evaluateEvent alone',
        ratio: compareWithBaseline(ours, base),
        figures: `${formatNs(medianNsPerOp(ours))} vs ${formatNs(medianNsPerOp(base))}`,
      });
      check(sink > 0, 'evaluations produced results');
      for (const s of summarize(results)) rows.push([label, s.label, ...formatTimingCells(s)]);
    }
    printTable(
      'processor: one 41-variable event (median of 15 interleaved rounds)',
      ['rules', 'path', 'time/event', 'events/s', 'noise', 'cost vs evaluateEvent'],
      rows,
      2,
    );
    return summary;
  },
};
