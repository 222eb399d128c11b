import path from 'node:path';
import { hasErrors, type Diagnostic } from '../../diagnostics/diagnostic';
import type { LoadResult } from '../../rules/load/load-rule-snapshot';
import { checkSandboxScenario } from '../../sandbox/scenario/load-sandbox-scenario';
import { resolveRulePaths, toShownPath } from '../../testing/rules/resolve-rule-paths';
import { canLoadRules } from '../../testing/run/prepare-scenario';
import { checkRuleIds } from '../../testing/scenario/check-rule-ids';
import { checkScenarioValues } from '../../testing/scenario/check-scenario-values';
import { loadScenarioFile, type ScenarioFile } from '../../testing/scenario/load-scenario-file';
import type { CatalogEntry } from '../complete/catalog-entries';
import { classifyFile, type FileKind } from './classify-file';
import { findPackRoot, isInside } from './find-pack-root';
import { RulePack, type PackSource } from './rule-pack';

/** The diagnostics of one file, with the text they are positioned in. */
export interface FileDiagnostics {
  text: string;
  diagnostics: Diagnostic[];
}

/**
 * The files an editor has open, and the packs they belong to. Files are named
 * in diagnostics as `validate` run from their workspace folder names them.
 * Packs are kept between checks, so that an edit re-parses one file.
 */
export class LanguageWorkspace {
  /** Texts of the open documents, by absolute path: they win over the saved files. */
  readonly open = new Map<string, string>();
  private readonly packs = new Map<string, RulePack>();

  constructor(private folders: readonly string[]) {}

  setFolders(folders: readonly string[]): void {
    this.folders = folders;
    this.packs.clear();
  }

  /** The workspace folder of a file (the deepest that holds it), else the file's own directory. */
  cwdOf(absolute: string): string {
    const holding = this.folders.filter((folder) => isInside(absolute, folder));
    return holding.sort((a, b) => b.length - a.length)[0] ?? path.dirname(absolute);
  }

  /** A file as `validate` run from its workspace folder names it. */
  shownPath(absolute: string): string {
    return toShownPath(absolute, this.cwdOf(absolute));
  }

  kindOf(absolute: string, text: string): FileKind {
    const { hasCatalog } = findPackRoot(absolute, this.cwdOf(absolute));
    return classifyFile(absolute, text, hasCatalog);
  }

  /** The pack a rule file or a catalog belongs to. */
  packOf(absolute: string): RulePack {
    const cwd = this.cwdOf(absolute);
    return this.packFrom({ cwd, paths: [toShownPath(findPackRoot(absolute, cwd).root, cwd)] });
  }

  packFrom(source: PackSource): RulePack {
    const key = JSON.stringify([source.cwd, source.paths, source.catalog]);
    let pack = this.packs.get(key);
    if (pack === undefined) this.packs.set(key, (pack = new RulePack(source)));
    return pack;
  }

  /** Every pack loaded so far: the ones a changed file on disk may concern. */
  allPacks(): RulePack[] {
    return [...this.packs.values()];
  }

  /** Checks a pack: diagnostics of every file it reads, by absolute path. */
  async checkPack(pack: RulePack): Promise<Map<string, FileDiagnostics>> {
    const result = await pack.check(this.open);
    const byFile = new Map<string, FileDiagnostics>();
    for (const [file, text] of result.sources) byFile.set(pack.absoluteOf(file), { text, diagnostics: [] });
    for (const diagnostic of result.diagnostics)
      byFile.get(pack.absoluteOf(diagnostic.file))?.diagnostics.push(diagnostic);
    return byFile;
  }

  /** Checks a scenario file as `rulehook test` does before running it, with the rules it names. */
  async checkScenario(absolute: string, text: string): Promise<ScenarioCheck> {
    const cwd = this.cwdOf(absolute);
    const scenario = loadScenarioFile(toShownPath(absolute, cwd), text);
    const diagnostics = [...scenario.diagnostics];
    const pack = canLoadRules(scenario) ? this.scenarioPack(absolute, scenario, cwd, diagnostics) : undefined;
    const rules = pack && (await pack.check(this.open));
    if (rules !== undefined) diagnostics.push(...checkScenarioValues(scenario.parsed, rules.catalog?.spec));
    if (rules !== undefined && !hasErrors(rules.diagnostics))
      diagnostics.push(
        ...checkRuleIds(
          scenario.parsed,
          listRuleEntries(rules).map((entry) => entry.name),
        ),
      );
    return { scenario, diagnostics, ...(pack === undefined ? {} : { pack }) };
  }

  /** Checks a sandbox scenario as `rulehook sandbox --scenario` does (its WAV files read from disk). */
  async checkSandbox(absolute: string, text: string): Promise<Diagnostic[]> {
    return (await checkSandboxScenario(this.shownPath(absolute), text, absolute)).diagnostics;
  }

  private scenarioPack(absolute: string, scenario: ScenarioFile, cwd: string, out: Diagnostic[]) {
    const spec = scenario.spec!;
    const written = typeof spec.rules === 'string' ? [spec.rules] : spec.rules;
    const resolved = resolveRulePaths(absolute, scenario.parsed, written, spec.catalog, cwd);
    out.push(...resolved.diagnostics);
    if (resolved.shown === undefined) return undefined;
    const catalog = resolved.shownCatalog;
    return this.packFrom({ cwd, paths: resolved.shown, ...(catalog === undefined ? {} : { catalog }) });
  }
}

export interface ScenarioCheck {
  scenario: ScenarioFile;
  diagnostics: Diagnostic[];
  /** The rules it tests, when their paths exist. */
  pack?: RulePack;
}

/** Every rule of a load as `ruleset/rule` (disabled ones too: what an expectation may name), with its description. */
export function listRuleEntries(rules: LoadResult | undefined): CatalogEntry[] {
  return (rules?.rulesets ?? []).flatMap(({ spec }) =>
    spec.rules.map((rule) => ({
      name: `${spec.ruleset}/${rule.id}`,
      ...(rule.description === undefined ? {} : { description: rule.description }),
    })),
  );
}
