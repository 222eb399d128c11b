import type { Diagnostic } from '../../diagnostics/diagnostic';
import { loadRuleBookFromSnapshot } from '../../rules/book/load-rule-book';
import type { LoadResult } from '../../rules/load/load-rule-snapshot';
import { readRuleSnapshot } from '../../rules/load/read-rule-snapshot';
import type { RuleSource } from '../../rules/load/rule-snapshot';
import { insertRuleFile } from '../../rules/load/insert-rule-file';
import type { ParsedYaml } from '../../rules/parse/parse-yaml';
import { describeRules, type RulesUnderTest } from './rules-under-test';
import { resolveRulePaths } from './resolve-rule-paths';

/** The rules a scenario file tests, loaded as `rulehook validate` loads them. */
export interface LoadedRulesUnderTest {
  /** Undefined when a path is missing or the rules have errors: the file's tests cannot run. */
  rules: RulesUnderTest | undefined;
  /** The load, shared by every scenario file that names the same paths. */
  load: LoadResult | undefined;
  /** Problems with the paths written in the scenario file (TEST_PATH_NOT_FOUND). */
  diagnostics: Diagnostic[];
  /** True the first time a load is handed out: its diagnostics and sources are then to be reported. */
  first: boolean;
}

/**
 * Loads rules by the paths a scenario file writes (relative to it). Loads are
 * cached by their resolved paths, so rules shared by several scenario files are
 * loaded, compiled and reported once per run.
 */
export class RulesLoader {
  private readonly loads = new Map<
    string,
    Promise<{ load: LoadResult; rules: RulesUnderTest | undefined }>
  >();

  /**
   * `added`: rule files, as read, loaded with every rule set, and `leftOut` the files they replace
   * (`rulehook suggest-filter` proves the file it would write so).
   */
  constructor(
    private readonly cwd: string,
    private readonly added: readonly RuleSource[] = [],
    private readonly leftOut?: (source: RuleSource) => boolean,
  ) {}

  async loadFor(
    scenarioAbsolute: string,
    parsed: ParsedYaml,
    rulesPaths: string[],
    catalog: string | undefined,
  ): Promise<LoadedRulesUnderTest> {
    const { shown, shownCatalog, diagnostics } = resolveRulePaths(
      scenarioAbsolute,
      parsed,
      rulesPaths,
      catalog,
      this.cwd,
    );
    if (shown === undefined) return { rules: undefined, load: undefined, diagnostics, first: false };
    const key = JSON.stringify([shown, shownCatalog]);
    let pending = this.loads.get(key);
    const first = pending === undefined;
    if (pending === undefined) {
      pending = this.load(shown, shownCatalog);
      this.loads.set(key, pending);
    }
    const { load, rules } = await pending;
    return { rules, load, diagnostics, first };
  }

  private async load(paths: string[], catalog: string | undefined) {
    const snapshot = await readRuleSnapshot(
      paths,
      catalog === undefined ? { cwd: this.cwd } : { cwd: this.cwd, catalog },
    );
    const leftOut = this.leftOut;
    if (leftOut !== undefined) snapshot.ruleFiles = snapshot.ruleFiles.filter((source) => !leftOut(source));
    for (const added of this.added) snapshot.ruleFiles = insertRuleFile(snapshot.ruleFiles, added);
    const loaded = loadRuleBookFromSnapshot(snapshot);
    return { load: loaded.load, rules: loaded.ok ? describeRules(loaded.book, loaded.load) : undefined };
  }
}
