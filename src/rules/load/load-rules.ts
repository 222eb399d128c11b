import { dedupeDiagnostics, sortDiagnostics, type Diagnostic } from '../../diagnostics';
import type { Catalog } from '../catalog';
import { checkDuplicateRulesets, checkLoadTotals } from '../check';
import type { LoadedRuleset } from '../spec';
import { findRuleFiles } from './find-rule-files';
import { loadRuleFile, toLoadedRuleset, type RuleFile } from './load-rule-file';
import { readSource } from './read-source';
import { selectCatalog, toExplicitCatalog } from './select-catalog';

export interface LoadOptions {
  /** Relative paths (arguments and `catalog`) are resolved against it. */
  cwd: string;
  /** A catalog file; without it, the first `catalog.yaml` of a directory argument is used. */
  catalog?: string;
}

export interface LoadResult {
  /** Rulesets of the files without errors, in load order. */
  rulesets: LoadedRuleset[];
  /** The catalog used, when there is one and it has no errors. */
  catalog?: Catalog;
  /** Every problem of every file, sorted by file (load order) then position. */
  diagnostics: Diagnostic[];
  /** Text of every file read (catalog first, then rule files in load order), for code frames. */
  sources: Map<string, string>;
}

/**
 * Loads rule files and directories: the front end of the rules pipeline. Never
 * throws for user mistakes: they are all in `diagnostics`. A file with errors is
 * left out of `rulesets`; callers refuse to serve when any diagnostic is an error.
 */
export async function loadRules(paths: readonly string[], options: LoadOptions): Promise<LoadResult> {
  const explicit = toExplicitCatalog(options.catalog, options.cwd);
  const found = await findRuleFiles(paths, options.cwd, new Set(explicit ? [explicit.absolute] : []));
  const selected = await selectCatalog(explicit, found.catalogs);
  const sources = new Map<string, string>();
  if (selected.source) sources.set(selected.source.file, selected.source.text);

  const diagnostics: Diagnostic[] = [...found.diagnostics, ...selected.diagnostics];
  const ruleFiles: RuleFile[] = [];
  const reads = await Promise.all(found.ruleFiles.map(readSource));
  reads.forEach((read, index) => {
    const { file } = found.ruleFiles[index]!;
    if (!read.ok) {
      diagnostics.push(read.diagnostic);
      return;
    }
    sources.set(file, read.text);
    ruleFiles.push(loadRuleFile(file, read.text, selected.catalog?.spec));
  });

  const wellFormed = ruleFiles.filter((f) => f.parsed.wellFormed);
  const files = wellFormed.map(({ parsed }) => ({ ...parsed, root: parsed.value }));
  const crossFile = [...checkDuplicateRulesets(files), ...checkLoadTotals(files)];
  const rulesets: LoadedRuleset[] = [];
  for (const ruleFile of ruleFiles) {
    for (const diagnostic of ruleFile.diagnostics) diagnostics.push(diagnostic);
    const loaded = toLoadedRuleset(
      ruleFile,
      crossFile.filter((d) => d.file === ruleFile.parsed.file),
    );
    if (loaded) rulesets.push(loaded);
  }
  for (const diagnostic of crossFile) diagnostics.push(diagnostic);

  const result: LoadResult = {
    rulesets,
    diagnostics: sortDiagnostics(dedupeDiagnostics(diagnostics), [...sources.keys()]),
    sources,
  };
  if (selected.catalog) result.catalog = selected.catalog;
  return result;
}
