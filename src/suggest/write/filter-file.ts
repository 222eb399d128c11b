import path from 'node:path';
import { ID_PATTERN } from '../../rules/ids';
import type { FilterListName } from '../derive/derived-filter';
import type { EntrySavings } from '../prove/count-savings';

/** The first words of every file suggest-filter writes: what lets a refresh overwrite it, and nothing else. */
export const SUGGESTED_FILE_MARK = '# Written by rulehook suggest-filter.';

/** The ruleset of a file not named otherwise, and the id of its one rule. */
export const DEFAULT_SUGGESTED_RULESET = 'suggested-filter';
export const SUGGESTED_RULE_ID = 'set-event-filter';

/** One entry to write, with why it is safe and what it saved on the recordings. */
export interface WrittenEntry {
  list: FilterListName;
  entry: string;
  reason: string;
  savings: EntrySavings;
}

export interface FilterFileFacts {
  ruleset: string;
  /** The events the recorded calls start with: the rule's `on:`. */
  on: readonly string[];
  entries: readonly WrittenEntry[];
  /** `$schema` reference to rules.schema.json, relative to where the file is written. */
  schema: string;
  /** The command line that refreshes the file, as the user would type it. */
  refresh: string;
  /** `N calls (E events) of recordings/a.jsonl, ...`: what the proof replayed. */
  proven: string;
}

/** Whether a file's text is one suggest-filter wrote (its mark in the first comment lines). */
export function isSuggestedFile(text: string): boolean {
  return text.split('\n', 8).some((line) => line.trim() === SUGGESTED_FILE_MARK);
}

/**
 * The ruleset a written file holds: DEFAULT_SUGGESTED_RULESET, unless the pack has a ruleset of that name;
 * then the file's base name followed by `-suggested-filter`, numbered until no ruleset of the pack has it.
 */
export function chooseRulesetName(file: string | undefined, taken: ReadonlySet<string>): string {
  if (!taken.has(DEFAULT_SUGGESTED_RULESET)) return DEFAULT_SUGGESTED_RULESET;
  const base = file === undefined ? '' : path.basename(file).replace(/\.ya?ml$/, '');
  const stem =
    base !== '' && new RegExp(ID_PATTERN).test(base)
      ? `${base}-${DEFAULT_SUGGESTED_RULESET}`
      : DEFAULT_SUGGESTED_RULESET;
  let name = stem;
  for (let n = 2; taken.has(name); n++) name = `${stem}-${n}`;
  return name;
}

/**
 * The rule file: one ruleset, one rule setting the filter at the start of a call: `on:` the events the
 * recorded calls start with (a call's first event is always sent), and `once: true`. `validate` then spares
 * the rules waiting for those events, as the filter is set in answer to them. `once` is kept in rulehook's
 * own state variables, which the engine returns with every event; where it does not, the rule fires again on
 * each such event, re-sending the same filter, which changes nothing.
 */
export function renderFilterFile(facts: FilterFileFacts): string {
  const lines = [
    `# yaml-language-server: $schema=${facts.schema}`,
    SUGGESTED_FILE_MARK,
    '#',
    '# The event filter entries the other rules of this pack can afford: no rule fires on the events',
    '# they stop, or reads the variables they ignore. Each entry was proven on recorded calls: replayed',
    '# with and without it, every call got the same answers (the stopped events had none), and the',
    "# pack's scenario tests still pass. Recordings show only the calls they hold: a call unlike them",
    '# can still need what an entry stops. Proven on:',
    `#   ${facts.proven}`,
    '#',
    '# Do not edit: refresh it after changing the rules (it is overwritten, this file only):',
    `#   ${facts.refresh}`,
    `ruleset: ${facts.ruleset}`,
    'description: The event filter suggested by rulehook suggest-filter, set at the start of each call.',
    '',
    'rules:',
    `  - id: ${SUGGESTED_RULE_ID}`,
    '    description: On the first event of a call, ask the engine not to send what no rule needs.',
    '    # The events the recorded calls start with; `once`: at most once per call. A call starting with',
    '    # another event gets no filter: nothing saved, nothing lost.',
    `    on: ${facts.on.length === 1 ? facts.on[0]! : `[${facts.on.join(', ')}]`}`,
    '    once: true',
    '    then:',
    '      filter:',
  ];
  for (const list of ['events_to_ignore', 'keys_to_ignore'] as const) {
    const entries = facts.entries.filter((e) => e.list === list);
    if (entries.length === 0) continue;
    lines.push(`        ${list}:`);
    for (const e of entries) {
      lines.push(`          # ${e.reason}`, `          # ${describeSavings(e.savings)} on the recordings`);
      lines.push(`          - ${JSON.stringify(e.entry)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** `stops 1204 of 2980 events sent (40.4%), 301 kB of requests`: one entry's savings, in plain words. */
export function describeSavings(savings: EntrySavings): string {
  const share = (savings.share * 100).toFixed(1);
  return `stops ${savings.events} of ${savings.sentBefore} events sent (${share}%), ${formatBytes(savings.bytes)} of requests`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
