import { formatDiagnostics, hasErrors } from '../diagnostics';
import { RuleBook } from '../rules/compile/rule-book';
import { loadRules } from '../rules/load';
import type { CliIO } from '../terminal/command-io';
import { shouldColor } from '../terminal/color';

export type ServingRules = { ok: true; book: RuleBook; summary: string } | { ok: false };

export interface ServingRulesOptions {
  catalog?: string;
}

/**
 * Loads and compiles the rules `serve` runs. Diagnostics are printed exactly as
 * `rulehook validate` prints them; any error refuses the whole rule set (serving
 * part of a rule set could answer calls in ways nobody wrote).
 */
export async function loadServingRules(
  rulesPath: string,
  io: CliIO,
  options: ServingRulesOptions = {},
): Promise<ServingRules> {
  const loaded = await loadRules(
    [rulesPath],
    options.catalog === undefined ? { cwd: io.cwd } : { cwd: io.cwd, catalog: options.catalog },
  );
  if (loaded.diagnostics.length > 0) {
    io.stderr.write(
      formatDiagnostics(loaded.diagnostics, loaded.sources, { format: 'human', color: shouldColor(io) }),
    );
  }
  if (hasErrors(loaded.diagnostics)) {
    io.stderr.write(`rulehook serve: refusing to start: ${rulesPath} has errors (see above)\n`);
    return { ok: false };
  }
  const book = RuleBook.compile(loaded.rulesets, loaded.catalog?.spec.events ?? []);
  const rulesets = book.rulesets.length;
  return {
    ok: true,
    book,
    summary: `${book.ruleCount} enabled rule${book.ruleCount === 1 ? '' : 's'} in ${rulesets} ruleset${rulesets === 1 ? '' : 's'} from ${rulesPath}`,
  };
}
