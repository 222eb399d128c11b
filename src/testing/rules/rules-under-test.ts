import { createLineIndex } from '../../diagnostics/line-index';
import type { CompiledRule } from '../../rules/compile/compiled-rule';
import type { RuleBook } from '../../rules/compile/rule-book';
import type { LoadResult } from '../../rules/load/load-rule-snapshot';

/** What a test report says about one rule: where it is written, and how it is ordered. */
export interface RuleInfo {
  /** `ruleset/rule`. */
  id: string;
  enabled: boolean;
  priority: number;
  /** Position among its ruleset's rules as written (0-based). */
  order: number;
  file: string;
  /** 1-based position of the rule's `id`, when the source is known. */
  line?: number;
  col?: number;
  /** Undefined for a disabled rule. */
  compiled?: CompiledRule;
}

/** Rules loaded for tests: the compiled book, and every rule (enabled or not) by id, rulesets in load order, rules as written. */
export interface RulesUnderTest {
  book: RuleBook;
  rules: ReadonlyMap<string, RuleInfo>;
  /** Every rule id, disabled ones included: what an expectation may name. */
  ids: readonly string[];
}

/** Indexes the rules of a book; positions come from the load, when the book was loaded from files. */
export function describeRules(book: RuleBook, loaded?: LoadResult): RulesUnderTest {
  const rules = new Map<string, RuleInfo>();
  const lineIndexes = new Map<string, ReturnType<typeof createLineIndex>>();
  const positionOf = (file: string, ruleset: string, order: number): { line?: number; col?: number } => {
    const source = loaded?.rulesets.find((r) => r.file === file && r.spec.ruleset === ruleset);
    const range = source?.locate(['rules', order, 'id']);
    const text = loaded?.sources.get(file);
    if (range === undefined || text === undefined) return {};
    let index = lineIndexes.get(file);
    if (index === undefined) lineIndexes.set(file, (index = createLineIndex(text)));
    return index.positionAt(range.start);
  };
  for (const ruleset of book.rulesets) {
    const spec = loaded?.rulesets.find(
      (r) => r.file === ruleset.file && r.spec.ruleset === ruleset.name,
    )?.spec;
    const entries: RuleInfo[] = ruleset.rules.map((rule) => ({
      id: rule.qualifiedId,
      enabled: true,
      priority: rule.priority,
      order: rule.order,
      file: rule.file,
      ...positionOf(rule.file, rule.ruleset, rule.order),
      compiled: rule,
    }));
    for (const id of ruleset.disabledRules) {
      const order = spec?.rules.findIndex((r) => `${ruleset.name}/${r.id}` === id) ?? -1;
      entries.push({
        id,
        enabled: false,
        priority: order >= 0 ? (spec?.rules[order]?.priority ?? 0) : 0,
        order,
        file: ruleset.file,
        ...(order >= 0 ? positionOf(ruleset.file, ruleset.name, order) : {}),
      });
    }
    entries.sort((a, b) => a.order - b.order);
    for (const entry of entries) rules.set(entry.id, entry);
  }
  return { book, rules, ids: [...rules.keys()] };
}

/** `examples/x/risk.yaml:40:9` (or the file alone). */
export function formatRuleLocation(info: RuleInfo): string {
  return info.line === undefined ? info.file : `${info.file}:${info.line}:${info.col}`;
}
