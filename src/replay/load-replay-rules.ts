import { formatDiagnostics } from '../diagnostics/format-report';
import { loadRuleBookFromSnapshot } from '../rules/book/load-rule-book';
import type { RuleBook } from '../rules/compile/rule-book';
import { readRuleSnapshot } from '../rules/load/read-rule-snapshot';
import type { LoadResult } from '../rules/load/load-rule-snapshot';
import { shouldColor } from '../terminal/color';
import type { CliIO } from '../terminal/command-io';

/**
 * Loads and compiles a rule set for replay, printing its diagnostics on stderr
 * exactly as `rulehook validate` does. Any error refuses it (undefined):
 * replaying part of a rule set would show answers nobody wrote. The rulesets
 * as loaded come with the book: replay workers compile the same ones.
 */
export async function loadReplayRules(
  rulesPath: string,
  io: CliIO,
  catalog?: string,
): Promise<{ book: RuleBook; load: LoadResult } | undefined> {
  const snapshot = await readRuleSnapshot(
    [rulesPath],
    catalog === undefined ? { cwd: io.cwd } : { cwd: io.cwd, catalog },
  );
  const loaded = loadRuleBookFromSnapshot(snapshot);
  const { diagnostics, sources } = loaded.load;
  if (diagnostics.length > 0)
    io.stderr.write(formatDiagnostics(diagnostics, sources, { format: 'human', color: shouldColor(io) }));
  if (!loaded.ok) {
    io.stderr.write(`rulehook replay: ${rulesPath} has errors (see above)\n`);
    return undefined;
  }
  return { book: loaded.book, load: loaded.load };
}

/** Every enabled rule of a rule book, `ruleset/rule`, in evaluation order. */
export function listRules(book: RuleBook): string[] {
  return book.rulesets.flatMap((rs) => rs.rules.map((rule) => rule.qualifiedId));
}
