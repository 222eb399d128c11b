import path from 'node:path';
import { toJsonDiagnostics, type JsonDiagnostic } from '../../diagnostics/format-json';
import { loadRuleBookFromSnapshot } from '../../rules/book/load-rule-book';
import type { RuleBook } from '../../rules/compile/rule-book';
import { readRuleSnapshot } from '../../rules/load/read-rule-snapshot';
import type { RuleSnapshot, RuleSource } from '../../rules/load/rule-snapshot';

/** The pack the console works on: its rule paths and catalog, relative to `cwd` (the pack's root). */
export interface ConsolePack {
  cwd: string;
  paths: readonly string[];
  catalog?: string | undefined;
}

export type PackBook = { ok: true; book: RuleBook } | { ok: false; diagnostics: JsonDiagnostic[] };

/**
 * The pack's rule book as `validate` loads it, with `files` (edited texts by path relative to the pack's
 * root) in place of what is on disk for the rule files and catalog they name. Any error refuses it, with
 * the diagnostics in `validate --format json`'s shape.
 */
export async function loadPackBook(
  pack: ConsolePack,
  files: Readonly<Record<string, string>> = {},
): Promise<PackBook> {
  const snapshot = await readRuleSnapshot(pack.paths, {
    cwd: pack.cwd,
    ...(pack.catalog === undefined ? {} : { catalog: pack.catalog }),
  });
  const edited = overlayFiles(snapshot, pack.cwd, files);
  const loaded = loadRuleBookFromSnapshot(edited);
  if (loaded.ok) return { ok: true, book: loaded.book };
  const { diagnostics, sources } = loaded.load;
  return { ok: false, diagnostics: toJsonDiagnostics(diagnostics, sources) };
}

function overlayFiles(snapshot: RuleSnapshot, root: string, files: Readonly<Record<string, string>>) {
  if (Object.keys(files).length === 0) return snapshot;
  const replace = (source: RuleSource): RuleSource => {
    const key = path.relative(root, path.resolve(root, source.file)).split(path.sep).join('/');
    const text = Object.hasOwn(files, key) ? files[key] : undefined;
    return text === undefined ? source : { ...source, text };
  };
  return {
    ...snapshot,
    ruleFiles: snapshot.ruleFiles.map(replace),
    ...(snapshot.catalog === undefined ? {} : { catalog: replace(snapshot.catalog) }),
  };
}
