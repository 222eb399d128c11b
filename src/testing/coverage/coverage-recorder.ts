import type { LoadResult } from '../../rules/load/load-rule-snapshot';
import type { SimulatedEvent } from '../../simulation/simulated-event';
import type { RulesUnderTest } from '../rules/rules-under-test';
import { listConditionLeaves, visitTraceLeaves } from './condition-leaves';
import type { ConditionCoverage, CoverageReport, RuleCoverage } from './coverage-report';

interface Entry {
  coverage: RuleCoverage;
  leaves: Map<string, ConditionCoverage> | undefined;
}

/**
 * Counts, over a whole run, the events that fired each rule and the outcomes
 * each leaf of its `if` took (from the explanations of the events). Rules are
 * keyed by file and id, so rules loaded by several scenario files add up.
 */
export class CoverageRecorder {
  private readonly entries = new Map<string, Entry>();
  private filteredListened = 0;

  /** Registers every rule of a load, so that rules no test reaches are listed too. */
  register(rules: RulesUnderTest, load: LoadResult | undefined): void {
    for (const info of rules.rules.values()) {
      const key = `${info.file}\u0000${info.id}`;
      if (this.entries.has(key)) continue;
      const ruleset = load?.rulesets.find(
        (r) => r.file === info.file && `${r.spec.ruleset}/${r.spec.rules[info.order]?.id}` === info.id,
      )?.spec;
      const condition = ruleset?.rules[info.order]?.if;
      const leaves =
        ruleset === undefined
          ? undefined
          : new Map(
              (condition === undefined ? [] : listConditionLeaves(condition, 'if', ruleset.conditions)).map((l) => [
                l.path,
                { ...l, true: 0, false: 0 },
              ]),
            );
      const coverage: RuleCoverage = {
        rule: info.id,
        file: info.file,
        enabled: info.enabled,
        events: 0,
        filtered: 0,
      };
      if (info.line !== undefined) Object.assign(coverage, { line: info.line, col: info.col });
      this.entries.set(key, { coverage, leaves });
    }
  }

  record(rules: RulesUnderTest, result: SimulatedEvent): void {
    const entryOf = (id: string) => {
      const info = rules.rules.get(id);
      return info === undefined ? undefined : this.entries.get(`${info.file}\u0000${id}`);
    };
    for (const id of result.fired ?? []) {
      const entry = entryOf(id);
      if (entry) entry.coverage.events++;
    }
    if (result.listening !== undefined) this.filteredListened++;
    for (const id of result.listening ?? []) {
      const entry = entryOf(id);
      if (entry) entry.coverage.filtered++;
    }
    for (const explanation of result.explanation ?? []) {
      if (explanation.condition === undefined || (explanation.reason !== 'if' && explanation.reason !== 'fired')) continue;
      const leaves = entryOf(explanation.rule)?.leaves;
      if (leaves === undefined) continue;
      visitTraceLeaves(explanation.condition, 'if', (path, outcome) => {
        const leaf = leaves.get(path);
        if (leaf) leaf[outcome ? 'true' : 'false']++;
      });
    }
  }

  report(): CoverageReport {
    const rules = [...this.entries.values()].map(({ coverage, leaves }) =>
      leaves === undefined ? { ...coverage } : { ...coverage, conditions: [...leaves.values()].map((l) => ({ ...l })) },
    );
    const enabled = rules.filter((r) => r.enabled);
    const leaves = enabled.flatMap((r) => r.conditions ?? []);
    return {
      rules,
      enabled: enabled.length,
      fired: enabled.filter((r) => r.events > 0).length,
      neverFired: enabled.filter((r) => r.events === 0).map((r) => r.rule),
      outcomes: {
        total: leaves.length * 2,
        seen: leaves.reduce((n, l) => n + (l.true > 0 ? 1 : 0) + (l.false > 0 ? 1 : 0), 0),
      },
      filteredListened: this.filteredListened,
    };
  }
}
