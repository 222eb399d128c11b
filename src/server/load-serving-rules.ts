import { formatDiagnostics } from '../diagnostics';
import { describeRuleBook, loadRuleBook } from '../rules/book';
import type { RuleBook } from '../rules/compile/rule-book';
import { shouldColor } from '../terminal/color';
import type { CliIO } from '../terminal/command-io';

export type ServingRules = { ok: true; book: RuleBook; summary: string } | { ok: false };

export interface ServingRulesOptions {
  catalog?: string;
}

/**
 * Loads and compiles the rules `serve` runs. Diagnostics are printed exactly as
 * `rulehook validate` prints them; any error refuses the whole rule set.
 */
export async function loadServingRules(
  rulesPath: string,
  io: CliIO,
  options: ServingRulesOptions = {},
): Promise<ServingRules> {
  const loaded = await loadRuleBook(
    [rulesPath],
    options.catalog === undefined ? { cwd: io.cwd } : { cwd: io.cwd, catalog: options.catalog },
  );
  const { diagnostics, sources } = loaded.load;
  if (diagnostics.length > 0)
    io.stderr.write(formatDiagnostics(diagnostics, sources, { format: 'human', color: shouldColor(io) }));
  if (!loaded.ok) {
    io.stderr.write(`rulehook serve: refusing to start: ${rulesPath} has errors (see above)\n`);
    return { ok: false };
  }
  return { ok: true, book: loaded.book, summary: describeRuleBook(loaded.book, rulesPath) };
}
