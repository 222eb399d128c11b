import type { Range } from '../../diagnostics/diagnostic';
import { walkAllConditions } from '../../rules/check/walk';
import { parseYaml } from '../../rules/parse/parse-yaml';
import { isRuleStringPosition } from '../../rules/schema/string-positions';
import { lastKey } from '../complete/complete-rule-file';
import type { CursorContext } from '../complete/find-cursor-context';

/** A named condition or list of a rule file, as the cursor names it. */
export interface NamedThing {
  section: 'conditions' | 'lists';
  name: string;
}

/** The name under the cursor: a `ref` or `list` value, or a key of `conditions` / `lists`. */
export function findNamedAt(word: string, context: CursorContext): NamedThing | undefined {
  if (word === '' || context.inText || context.template) return undefined;
  const last = lastKey(context.path);
  if (context.role === 'value' && last === 'ref') return { section: 'conditions', name: word };
  if (context.role === 'value' && last === 'list') return { section: 'lists', name: word };
  const [top, ...rest] = context.path;
  if (context.role === 'key' && rest.length === 0 && (top === 'conditions' || top === 'lists'))
    return { section: top, name: word };
  return undefined;
}

/**
 * Every place a named condition or list is written in its file: the key that
 * defines it (when it is defined), then each `ref: NAME` or `list: NAME` in
 * `when`, the named conditions and the rules' `if`, in the order written. A
 * ruleset's names are its own, so the file is the whole scope.
 */
export function findNameUses(file: string, text: string, thing: NamedThing): Range[] {
  const parsed = parseYaml(file, text, isRuleStringPosition);
  const ranges: (Range | undefined)[] = [];
  if ((parsed.keysAt([thing.section]) ?? []).includes(thing.name)) {
    const key = parsed.locateKey([thing.section, thing.name]);
    ranges.push(key);
  }
  walkAllConditions(parsed.value, (condition, path) => {
    if (thing.section === 'conditions' && condition.ref === thing.name)
      ranges.push(parsed.locate([...path, 'ref']));
    if (thing.section !== 'lists') return;
    for (const operator of ['in', 'not_in']) {
      const operand = condition[operator] as { list?: unknown } | undefined;
      if (operand?.list === thing.name) ranges.push(parsed.locate([...path, operator, 'list']));
    }
  });
  return ranges.filter((range): range is Range => range !== undefined).sort((a, b) => a.start - b.start);
}
