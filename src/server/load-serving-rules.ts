import { formatDiagnostics } from '../diagnostics/format-report';
import { describeRuleBook, loadRuleBookFromSnapshot } from '../rules/book/load-rule-book';
import type { RuleBook } from '../rules/compile/rule-book';
import { readRuleSnapshot } from '../rules/load/read-rule-snapshot';
import { shortenRevision } from '../contract/rule-revision';
import type { RuleSnapshot } from '../rules/load/rule-snapshot';
import { shouldColor } from '../terminal/color';
import type { CliIO } from '../terminal/command-io';

export type ServingRules =
  | {
      ok: true;
      book: RuleBook;
      /** `4 enabled rules in 1 ruleset from rules/ (revision 3f9a0c21b7d4)`. */
      summary: string;
      revision: string;
      /** The files the book was compiled from, for the workers of `serve --workers`. */
      snapshot: RuleSnapshot;
    }
  | { ok: false };

export interface ServingRulesOptions {
  catalog?: string;
}

/**
 * Reads, loads and compiles the rules `serve` runs. Diagnostics are printed
 * exactly as `rulehook validate` prints them; any error refuses the whole rule set.
 */
export async function loadServingRules(
  rulesPath: string,
  io: CliIO,
  options: ServingRulesOptions = {},
): Promise<ServingRules> {
  const snapshot = await readRuleSnapshot(
    [rulesPath],
    options.catalog === undefined ? { cwd: io.cwd } : { cwd: io.cwd, catalog: options.catalog },
  );
  return compileServingRules(snapshot, rulesPath, io);
}

/**
 * `loadServingRules` for files already read. `reportWarnings: false` for a
 * worker, whose primary printed them when it loaded the same files; errors are
 * always printed.
 */
export function compileServingRules(
  snapshot: RuleSnapshot,
  rulesPath: string,
  io: CliIO,
  options: { reportWarnings?: boolean } = {},
): ServingRules {
  const loaded = loadRuleBookFromSnapshot(snapshot);
  const { diagnostics, sources, revision } = loaded.load;
  if (diagnostics.length > 0 && (!loaded.ok || options.reportWarnings !== false))
    io.stderr.write(formatDiagnostics(diagnostics, sources, { format: 'human', color: shouldColor(io) }));
  if (!loaded.ok) {
    io.stderr.write(`rulehook serve: refusing to start: ${rulesPath} has errors (see above)\n`);
    return { ok: false };
  }
  const summary = `${describeRuleBook(loaded.book, rulesPath)} (revision ${shortenRevision(revision)})`;
  return { ok: true, book: loaded.book, summary, revision, snapshot };
}
