import type { LoadResult } from '../../rules/load/load-rule-snapshot';
import { NO_ENTRIES, readCatalogEntries, type CatalogEntries } from '../complete/catalog-entries';
import type { FileKind } from '../workspace/classify-file';
import type { LanguageWorkspace } from '../workspace/language-workspace';
import type { RulePack } from '../workspace/rule-pack';

/** What the features of one document draw on: its kind, its pack's last load and catalog. */
export interface DocumentFacts {
  kind: FileKind;
  /** How the document is named in its pack's diagnostics. */
  file: string;
  pack?: RulePack;
  rules?: LoadResult;
  catalog: CatalogEntries;
}

/** Catalog entries by catalog text: a catalog is read again only when it changed. */
const entriesByText = new Map<string, CatalogEntries>();

function entriesOf(text: string | undefined): CatalogEntries {
  if (text === undefined) return NO_ENTRIES;
  let entries = entriesByText.get(text);
  if (entries === undefined) {
    if (entriesByText.size > 16) entriesByText.clear();
    entriesByText.set(text, (entries = readCatalogEntries(text)));
  }
  return entries;
}

/** The facts of a document, loading its pack once if nothing has loaded it yet. */
export async function gatherFacts(
  workspace: LanguageWorkspace,
  absolute: string,
  text: string,
): Promise<DocumentFacts> {
  const kind = workspace.kindOf(absolute, text);
  const file = workspace.shownPath(absolute);
  let pack: RulePack | undefined;
  if (kind === 'rules' || kind === 'catalog') pack = workspace.packOf(absolute);
  else if (kind === 'scenario') pack = (await workspace.checkScenario(absolute, text)).pack;
  if (pack === undefined) return { kind, file, catalog: NO_ENTRIES };
  const rules = pack.lastResult ?? (await pack.check(workspace.open));
  return { kind, file, pack, rules, catalog: entriesOf(pack.lastCatalogText) };
}
