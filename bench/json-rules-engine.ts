import { Engine, type RuleProperties, type TopLevelCondition } from 'json-rules-engine';
import { RuleBook } from '../src/rules/compile/rule-book';
import { evaluateEvent } from '../src/rules/evaluate/evaluate-event';
import type { ConditionSpec, LoadedRuleset } from '../src/rules/spec';
import { EVENT_NAMES } from './events';
import { compareWithBaseline, measure, medianNsPerOp, summarize, type Measured } from './measure';
import { describeSize, generateRulesets, makeEvents, RULE_SET_SIZES } from './rule-sets';
import { check, chooseRounds, type ResultRow, type RunOptions, type Suite } from './suite';
import { formatNs, printTable, formatTimingCells } from './table';

const OPERATORS: Readonly<Record<string, string>> = {
  equals: 'equal',
  in: 'in',
  lt: 'lessThan',
  gt: 'greaterThan',
};

/** The generated conditions (`all` of `equals`/`in`/`lt`/`gt` leaves) in json-rules-engine's format. */
function translate(condition: ConditionSpec): TopLevelCondition {
  const leaves =
    'all' in condition && Array.isArray(condition.all) ? (condition.all as ConditionSpec[]) : [condition];
  return {
    all: leaves.map((leaf) => {
      const entry = Object.entries(leaf).find(([key]) => key !== 'var');
      const operator = entry === undefined ? undefined : OPERATORS[entry[0]];
      if (!('var' in leaf) || entry === undefined || operator === undefined)
        throw new Error(`json-rules-engine: unsupported condition ${JSON.stringify(leaf)}`);
      return { fact: leaf.var as string, operator, value: entry[1] };
    }),
  };
}

/** One engine per event name (an index json-rules-engine lacks), its rules in the rulesets' order. */
function buildEngines(loaded: readonly LoadedRuleset[]): Map<string, Engine> {
  const engines = new Map<string, Engine>();
  for (const { spec } of loaded) {
    for (const rule of spec.rules) {
      const name = rule.on as string;
      let engine = engines.get(name);
      if (engine === undefined) engines.set(name, (engine = new Engine([], { allowUndefinedFacts: true })));
      const properties: RuleProperties = {
        name: `${spec.ruleset}/${rule.id}`,
        conditions: translate(rule.if as ConditionSpec),
        event: { type: `${spec.ruleset}/${rule.id}` },
      };
      engine.addRule(properties);
    }
  }
  return engines;
}

/**
 * For information: the same generated rules in json-rules-engine, the
 * best-known JSON rule engine for node, one engine per event name. It only
 * decides which rules fire (it has no templates); rulehook also renders their
 * outputs. Both fire the same rules on every event before timing.
 */
export const jsonRulesEngineSuite: Suite = {
  name: 'json-rules-engine',
  title: 'evaluateEvent vs json-rules-engine on the same rules',
  async run(options: RunOptions) {
    const rows: string[][] = [];
    const summary: ResultRow[] = [];
    const measureOptions = chooseRounds(options, {
      rounds: 10,
      warmupRounds: 2,
      operations: { roundMs: 50 },
    });
    let sink = 0;
    for (const size of RULE_SET_SIZES) {
      const names = EVENT_NAMES.slice(0, size.names);
      const loaded = generateRulesets(names, size.perName);
      const book = RuleBook.compile(loaded);
      const engines = buildEngines(loaded);
      const events = makeEvents(names);
      const run = (v: Record<string, string>) => engines.get(v['state.currentEvent'] as string)!.run(v);
      for (const v of events) {
        const ours = [...evaluateEvent(book, v).fired].sort();
        const theirs = (await run(v)).events.map((e) => e.type).sort();
        check(ours.length > 0 && ours.join() === theirs.join(), `${describeSize(size)}: same rules fire`);
      }
      const results = await measure(
        [
          {
            label: 'json-rules-engine run [baseline]',
            async run(n) {
              for (let i = 0; i < n; i++) sink += (await run(events[i % events.length]!)).events.length;
            },
          },
          {
            label: 'rulehook evaluateEvent',
            run(n) {
              for (let i = 0; i < n; i++)
                sink += evaluateEvent(book, events[i % events.length]!).fired.length;
            },
          },
        ],
        measureOptions,
      );
      for (const s of summarize(results)) rows.push([describeSize(size), s.label, ...formatTimingCells(s)]);
      const [base, ours] = results as [Measured, Measured];
      summary.push({
        path: 'evaluate',
        subject: `rulehook, ${describeSize(size)}`,
        baseline: 'json-rules-engine, one engine per name',
        ratio: compareWithBaseline(ours, base),
        figures: `${formatNs(medianNsPerOp(ours))} vs ${formatNs(medianNsPerOp(base))}`,
      });
    }
    check(sink > 0, 'evaluations produced results');
    printTable(
      `json-rules-engine: one event, 41 variables (median of ${measureOptions.rounds} interleaved rounds); cost = subject time / baseline time`,
      ['rules', 'engine', 'time/event', 'events/s', 'noise', 'cost vs json-rules-engine'],
      rows,
      2,
    );
    return summary;
  },
};
