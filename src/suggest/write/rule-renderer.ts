import path from 'node:path';
import type { RuleSource } from '../../rules/load/rule-snapshot';
import type { LoadedRuleset } from '../../rules/spec';
import type { FilterCandidate, FilterListName } from '../derive/derived-filter';
import type { EntrySavings } from '../prove/count-savings';
import type { SuggestedRule } from '../prove/suggested-view';
import { renderFilterFile, SUGGESTED_RULE_ID, type FilterFileFacts, type WrittenEntry } from './filter-file';

/** The rule file for some entries: its source, as loaded with the pack, and the rule it holds. */
export interface RenderedRuleFile {
  source: RuleSource;
  suggested: SuggestedRule;
  written: WrittenEntry[];
}

export type RuleRenderer = (
  entries: readonly FilterCandidate[],
  savings?: readonly EntrySavings[],
) => RenderedRuleFile;

/**
 * Renders the rule file of any list of entries (each candidate's proof, then the file written). `file` is
 * where it goes, as given; `pack` the pack's path: a file inside the pack is placed among its files by its
 * path inside it, any other by its base name, as a directory's load would place it.
 */
export function createRuleRenderer(
  facts: Omit<FilterFileFacts, 'entries'> & { file: string; pack: string; cwd: string },
  rulesets: readonly LoadedRuleset[],
): RuleRenderer {
  const { file, pack, cwd, ...common } = facts;
  const inPack = path.relative(path.resolve(cwd, pack), path.resolve(cwd, file));
  const relative =
    inPack.startsWith('..') || path.isAbsolute(inPack)
      ? path.basename(file)
      : inPack.split(path.sep).join('/');
  const packEntries = listPackEntries(rulesets);
  // An entry the pack sets itself stays in both runs' answers: only the suggested rule's own are left out.
  const pick = (entries: readonly FilterCandidate[], list: FilterListName) =>
    entries.filter((e) => e.list === list && !packEntries[list].has(e.entry)).map((e) => e.entry);
  return (entries, savings) => {
    const written = entries.map((e, i) => ({ ...e, savings: savings?.[i] ?? NO_SAVINGS }));
    const text = renderFilterFile({ ...common, entries: written });
    const suggested = {
      id: `${facts.ruleset}/${SUGGESTED_RULE_ID}`,
      events: pick(entries, 'events_to_ignore'),
      keys: pick(entries, 'keys_to_ignore'),
    };
    return { source: { file, relative, text }, suggested, written };
  };
}

/** Before the savings are known (a candidate's proof): the comments differ, the rule does not. */
const NO_SAVINGS: EntrySavings = { events: 0, sentBefore: 0, share: 0, bytes: 0 };

/** The filter entries the pack's own rules write, by list. */
function listPackEntries(rulesets: readonly LoadedRuleset[]): Record<FilterListName, Set<string>> {
  const entries = { events_to_ignore: new Set<string>(), keys_to_ignore: new Set<string>() };
  for (const rule of rulesets.flatMap((rs) => rs.spec.rules)) {
    for (const entry of rule.then?.filter?.events_to_ignore ?? []) entries.events_to_ignore.add(entry);
    for (const entry of rule.then?.filter?.keys_to_ignore ?? []) entries.keys_to_ignore.add(entry);
  }
  return entries;
}
