import { hasErrors } from '../../diagnostics/diagnostic';
import { RuleBook } from '../compile/rule-book';
import { loadRuleSnapshot, type LoadResult } from '../load/load-rule-snapshot';
import { readRuleSnapshot } from '../load/read-rule-snapshot';
import type { LoadOptions } from '../load/load-rules';
import type { RuleSnapshot } from '../load/rule-snapshot';

export interface LoadRuleBookOptions extends LoadOptions {
  /** Warnings refuse the rule set too (the jest API's `strict`). */
  strict?: boolean;
}

/**
 * A rule set loaded and compiled, or refused. `load` always holds every
 * diagnostic and source, for the caller to report as it reports things.
 */
export type LoadedRuleBook = { ok: true; book: RuleBook; load: LoadResult } | { ok: false; load: LoadResult };

/**
 * Loads rule files and directories and compiles them into one `RuleBook`,
 * exactly as every command does (`serve`, `replay`, `test` and the jest API).
 * Any error refuses the whole rule set: serving or testing part of a rule set
 * could answer calls in ways nobody wrote.
 */
export async function loadRuleBook(
  paths: readonly string[],
  options: LoadRuleBookOptions,
): Promise<LoadedRuleBook> {
  const { strict, ...readOptions } = options;
  return loadRuleBookFromSnapshot(await readRuleSnapshot(paths, readOptions), { strict: strict === true });
}

/** `loadRuleBook` for files already read (by this process or another: `serve --workers`). */
export function loadRuleBookFromSnapshot(
  snapshot: RuleSnapshot,
  options: { strict?: boolean } = {},
): LoadedRuleBook {
  return compileLoadedRules(loadRuleSnapshot(snapshot), options);
}

/** Compiles a load into a `RuleBook`, or refuses it: any error (or, `strict`, any warning) refuses all of it. */
export function compileLoadedRules(load: LoadResult, options: { strict?: boolean } = {}): LoadedRuleBook {
  if (hasErrors(load.diagnostics) || (options.strict === true && load.diagnostics.length > 0))
    return { ok: false, load };
  return { ok: true, book: RuleBook.compile(load.rulesets, load.catalog?.spec.events ?? []), load };
}

/** `3 enabled rules in 2 rulesets from rules/`: what `serve` says it serves. */
export function describeRuleBook(book: RuleBook, from: string): string {
  const rules = book.ruleCount;
  const rulesets = book.rulesets.length;
  return `${rules} enabled rule${rules === 1 ? '' : 's'} in ${rulesets} ruleset${rulesets === 1 ? '' : 's'} from ${from}`;
}
