import type { CliIO } from '../terminal/command-io';
import { shouldColor } from '../terminal/color';
import { formatDiagnostics, hasErrors } from '../diagnostics';
import { RuleBook } from '../rules/compile/rule-book';
import { loadRules } from '../rules/load';

/**
 * Loads and compiles a rule set for replay, printing its diagnostics on stderr
 * exactly as `rulehook validate` does. Any error refuses it (undefined):
 * replaying part of a rule set would show answers nobody wrote.
 */
export async function loadReplayRules(
  rulesPath: string,
  io: CliIO,
  catalog?: string,
): Promise<RuleBook | undefined> {
  const loaded = await loadRules(
    [rulesPath],
    catalog === undefined ? { cwd: io.cwd } : { cwd: io.cwd, catalog },
  );
  if (loaded.diagnostics.length > 0)
    io.stderr.write(
      formatDiagnostics(loaded.diagnostics, loaded.sources, { format: 'human', color: shouldColor(io) }),
    );
  if (hasErrors(loaded.diagnostics)) {
    io.stderr.write(`rulehook replay: ${rulesPath} has errors (see above)\n`);
    return undefined;
  }
  return RuleBook.compile(loaded.rulesets, loaded.catalog?.spec.events ?? []);
}

/** Every enabled rule of a rule book, `ruleset/rule`, in evaluation order. */
export function listRules(book: RuleBook): string[] {
  return book.rulesets.flatMap((rs) => rs.rules.map((rule) => rule.qualifiedId));
}
