import type { Range } from '../../diagnostics/diagnostic';
import type { LoadResult } from '../../rules/load/load-rule-snapshot';
import { parseYaml } from '../../rules/parse/parse-yaml';
import { isRuleStringPosition } from '../../rules/schema/string-positions';
import type { CursorContext } from '../complete/find-cursor-context';
import { findNamedAt } from './find-name-uses';

/** Where a name is defined: a file as its load names it, and the range of the name there. */
export interface Definition {
  file: string;
  range: Range;
}

/** A `ref` to its named condition, a `list` to its list: both are the file's own (a ruleset's names are its own). */
export function findOwnDefinition(
  file: string,
  text: string,
  word: string,
  context: CursorContext,
): Definition | undefined {
  const named = findNamedAt(word, context);
  if (context.role !== 'value' || named === undefined) return undefined;
  const { section } = named;
  const parsed = parseYaml(file, text, isRuleStringPosition);
  if (!(parsed.keysAt([section]) ?? []).includes(word)) return undefined;
  const range = parsed.locateKey([section, word]);
  return range && { file, range };
}

/** A rule id of a scenario's `fired` / `not_fired` (`ruleset/rule`) to the rule's `id` in the rules under test. */
export function findRuleDefinition(
  rules: LoadResult,
  word: string,
  context: CursorContext,
): Definition | undefined {
  if (context.role !== 'value' || !(context.path.includes('fired') || context.path.includes('not_fired')))
    return undefined;
  const slash = word.indexOf('/');
  const [ruleset, id] = [word.slice(0, slash), word.slice(slash + 1)];
  for (const loaded of rules.rulesets) {
    if (loaded.spec.ruleset !== ruleset) continue;
    const index = loaded.spec.rules.findIndex((rule) => rule.id === id);
    const range = index < 0 ? undefined : loaded.locate(['rules', index, 'id']);
    if (range !== undefined) return { file: loaded.file, range };
  }
  return undefined;
}
