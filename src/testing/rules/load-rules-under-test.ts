import { existsSync } from 'node:fs';
import path from 'node:path';
import { createDiagnostic, type Diagnostic } from '../../diagnostics';
import { loadRuleBook } from '../../rules/book';
import type { LoadResult } from '../../rules/load';
import type { ParsedYaml } from '../../rules/parse';
import type { SpecPath } from '../../rules/spec';
import { describeRules, type RulesUnderTest } from './rules-under-test';
import { suggestPath } from './suggest-path';

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

/** A path relative to `cwd`, with `/` separators: how files are shown, as `validate` would show them. */
export function toShownPath(absolute: string, cwd: string): string {
  return path.relative(cwd, absolute).split(path.sep).join('/') || '.';
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

  constructor(private readonly cwd: string) {}

  async loadFor(
    scenarioAbsolute: string,
    parsed: ParsedYaml,
    rulesPaths: string[],
    catalog: string | undefined,
  ): Promise<LoadedRulesUnderTest> {
    const base = path.dirname(scenarioAbsolute);
    const diagnostics: Diagnostic[] = [];
    const resolve = (written: string, at: SpecPath): string | undefined => {
      const absolute = path.resolve(base, written);
      if (existsSync(absolute)) return toShownPath(absolute, this.cwd);
      const message = `'${written}' does not exist (paths are relative to the scenario file; from the current directory this is '${toShownPath(absolute, this.cwd)}')`;
      const details = { range: parsed.locate(at), suggestion: suggestPath(written, base) };
      diagnostics.push(createDiagnostic('TEST_PATH_NOT_FOUND', parsed.file, message, details));
      return undefined;
    };
    const single = typeof (parsed.value as { rules?: unknown }).rules === 'string';
    const shown = rulesPaths.map((p, i) => resolve(p, single ? ['rules'] : ['rules', i]));
    const shownCatalog = catalog === undefined ? undefined : resolve(catalog, ['catalog']);
    if (diagnostics.length > 0) return { rules: undefined, load: undefined, diagnostics, first: false };
    const key = JSON.stringify([shown, shownCatalog]);
    let pending = this.loads.get(key);
    const first = pending === undefined;
    if (pending === undefined) {
      pending = this.load(shown as string[], shownCatalog);
      this.loads.set(key, pending);
    }
    const { load, rules } = await pending;
    return { rules, load, diagnostics, first };
  }

  private async load(paths: string[], catalog: string | undefined) {
    const loaded = await loadRuleBook(
      paths,
      catalog === undefined ? { cwd: this.cwd } : { cwd: this.cwd, catalog },
    );
    return { load: loaded.load, rules: loaded.ok ? describeRules(loaded.book, loaded.load) : undefined };
  }
}
