import { dedupeDiagnostics, sortDiagnostics } from '../../diagnostics/create-diagnostic';
import type { Diagnostic } from '../../diagnostics/diagnostic';
import type { Catalog } from '../catalog/catalog-spec';
import { checkDuplicateRulesets } from '../check/check-duplicate-rulesets';
import { checkLoadTotals } from '../check/check-load-totals';
import { checkSwallowedEvents } from '../check/swallowed/check-swallowed-events';
import type { LoadedRuleset } from '../spec';
import { loadRuleFileCached, parseCatalogCached, type LoadCache } from './load-cache';
import { toLoadedRuleset } from './load-rule-file';
import { computeRuleRevision, type RuleSnapshot } from './rule-snapshot';

export interface LoadResult {
  /** Rulesets of the files without errors, in load order. */
  rulesets: LoadedRuleset[];
  /** The catalog used, when there is one and it has no errors. */
  catalog?: Catalog;
  /** Every problem of every file, sorted by file (load order) then position. */
  diagnostics: Diagnostic[];
  /** Text of every file read (catalog first, then rule files in load order), for code frames. */
  sources: Map<string, string>;
  /** The rule set's revision (`computeRuleRevision`). */
  revision: string;
}

/**
 * Parses and checks the files of a rule set already read: the one path from
 * texts to rulesets, whoever read them. Never throws for user mistakes: they
 * are all in `diagnostics`. A file with errors is left out of `rulesets`;
 * callers refuse to serve when any diagnostic is an error. With a `cache`, files
 * whose texts did not change since the last load are not parsed again; the
 * checks across files always run.
 */
export function loadRuleSnapshot(snapshot: RuleSnapshot, cache?: LoadCache): LoadResult {
  const sources = new Map<string, string>();
  const diagnostics: Diagnostic[] = [...snapshot.diagnostics];
  let catalog: Catalog | undefined;
  if (snapshot.catalog !== undefined) {
    const { file, text } = snapshot.catalog;
    sources.set(file, text);
    const parsed = parseCatalogCached(file, text, cache);
    for (const diagnostic of parsed.diagnostics) diagnostics.push(diagnostic);
    catalog = parsed.catalog;
  }
  const ruleFiles = snapshot.ruleFiles.map(({ file, text }) => {
    sources.set(file, text);
    const catalogInUse = snapshot.catalog && { text: snapshot.catalog.text, spec: catalog?.spec };
    return loadRuleFileCached(file, text, catalogInUse, cache);
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
  // Across the files without errors: a filter set in one file can stop the events a rule of another waits for.
  for (const diagnostic of checkSwallowedEvents(rulesets, catalog?.spec.events)) diagnostics.push(diagnostic);

  const result: LoadResult = {
    rulesets,
    diagnostics: sortDiagnostics(dedupeDiagnostics(diagnostics), [...sources.keys()]),
    sources,
    revision: computeRuleRevision(snapshot),
  };
  if (catalog) result.catalog = catalog;
  return result;
}
