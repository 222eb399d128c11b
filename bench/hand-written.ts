import { isDeepStrictEqual } from 'node:util';
import { HOT_RUNS } from '../src/rules/compile/compile-plan-runner';
import { RuleBook } from '../src/rules/compile/rule-book';
import { evaluateEvent } from '../src/rules/evaluate/evaluate-event';
import { EVENT_NAMES } from './events';
import { writeHandWritten } from './hand-written-rules';
import { compareWithBaseline, measure, medianNsPerOp, summarize, type Measured } from './measure';
import { describeSize, generateRulesets, makeEvents, RULE_SET_SIZES } from './rule-sets';
import { check, judgeRatioGoal, chooseRounds, type ResultRow, type RunOptions, type Suite } from './suite';
import { formatNs, printTable, formatTimingCells } from './table';

const GOAL = 0.7;

/**
 * rulehook's `evaluateEvent` against the same rules written by hand in plain
 * JS (hand-written-rules.ts): what the rule engine costs over code with the
 * same output. Both give the same response on every event before timing.
 * rulehook's plans run as generated functions once hot (the checks and the
 * warm-up take them there); the program loop alone, what runs where code
 * generation is refused, is timed beside them for the detail table.
 */
export const handWrittenSuite: Suite = {
  name: 'hand-written',
  title: 'evaluateEvent vs the same rules hand-written in JS, indexed by event name',
  async run(options: RunOptions) {
    const rows: string[][] = [];
    const summary: ResultRow[] = [];
    const measureOptions = chooseRounds(options, {
      rounds: 21,
      warmupRounds: 2,
      operations: { roundMs: 50 },
    });
    let sink = 0;
    for (const size of RULE_SET_SIZES) {
      const names = EVENT_NAMES.slice(0, size.names);
      const loaded = generateRulesets(names, size.perName);
      const book = RuleBook.compile(loaded);
      // What a process that refuses code generation runs (for the detail table): the program loop alone.
      const loop = RuleBook.compile(loaded, undefined, { codeGeneration: 'never' });
      const hand = writeHandWritten(loaded);
      check(book.ruleCount === size.names * size.perName, `${describeSize(size)}: rule count`);
      const events = makeEvents(names);
      for (const v of events) {
        const ours = evaluateEvent(book, v);
        check(
          ours.fired.length === Math.ceil(size.perName / 2),
          `${describeSize(size)}: half the rules fire`,
        );
        check(
          isDeepStrictEqual(ours.response, hand(v)),
          `${describeSize(size)}: same response on ${v['state.currentEvent']}`,
        );
        check(
          isDeepStrictEqual(evaluateEvent(loop, v), ours),
          `${describeSize(size)}: the program loop agrees on ${v['state.currentEvent']}`,
        );
      }
      // Every plan past the events after which rulehook generates its functions, so that the warm-up rounds
      // are left to V8 optimizing them: what is timed is the steady state.
      for (let r = 0; r < HOT_RUNS; r++) for (const v of events) sink += evaluateEvent(book, v).fired.length;
      const results = await measure(
        [
          {
            label: 'hand-written JS [baseline]',
            run(n) {
              for (let i = 0; i < n; i++)
                sink += hand(events[i % events.length]!).session_variable_updates.length;
            },
          },
          {
            label: 'rulehook evaluateEvent',
            run(n) {
              for (let i = 0; i < n; i++)
                sink += evaluateEvent(book, events[i % events.length]!).fired.length;
            },
          },
          {
            label: 'rulehook, program loop only',
            run(n) {
              for (let i = 0; i < n; i++)
                sink += evaluateEvent(loop, events[i % events.length]!).fired.length;
            },
          },
        ],
        measureOptions,
      );
      for (const s of summarize(results)) rows.push([describeSize(size), s.label, ...formatTimingCells(s)]);
      const [base, ours] = results as [Measured, Measured, Measured];
      const ratio = compareWithBaseline(ours, base);
      summary.push({
        path: 'evaluate',
        subject: `rulehook, ${describeSize(size)}`,
        baseline: 'hand-written JS, indexed by name',
        ratio,
        figures: `${formatNs(medianNsPerOp(ours))} vs ${formatNs(medianNsPerOp(base))}`,
        ...judgeRatioGoal(ratio, GOAL),
      });
    }
    check(sink > 0, 'evaluations produced results');
    printTable(
      `hand-written: one event, 41 variables (median of ${measureOptions.rounds} interleaved rounds); cost = subject time / baseline time`,
      ['rules', 'evaluator', 'time/event', 'events/s', 'noise', 'cost vs hand-written'],
      rows,
      2,
    );
    return summary;
  },
};
