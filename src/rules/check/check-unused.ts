import { asRecord, hasOwn, report, type CheckContext, type PlainRecord } from './check-context';
import { forEachRule, walkAllConditions, walkCondition } from './walk';

/** The operators whose operand may be `{ list: NAME }`. */
const LIST_OPERATORS = ['in', 'not_in'] as const;

interface Uses {
  conditions: Set<string>;
  lists: Set<string>;
}

/**
 * Named conditions and lists that nothing uses: usually a misspelled or
 * forgotten `ref` or `{ list: NAME }`, leaving a rule without the test meant.
 * Used means reached from the ruleset's `when` or a rule's `if` (disabled rules
 * included), through the named conditions they refer to; one referred to only
 * from named conditions that nothing uses is reported too, all in one run.
 */
export function checkUnused(context: CheckContext): void {
  const ruleset = asRecord(context.root);
  if (!ruleset) return;
  const named = asRecord(ruleset.conditions) ?? {};
  const lists = asRecord(ruleset.lists) ?? {};
  const reached = findReached(ruleset, named);
  const written: Uses = { conditions: new Set(), lists: new Set() };
  walkAllConditions(ruleset, (condition) => recordUses(condition, written));
  for (const name of Object.keys(named)) {
    if (reached.conditions.has(name)) continue;
    const message = written.conditions.has(name)
      ? `the named condition '${name}' is referred to only from named conditions that nothing uses`
      : `nothing uses the named condition '${name}': no 'ref: ${name}' in 'when', in a rule's 'if' or in a named condition`;
    report(context, 'UNUSED_CONDITION', message, context.locateKey(['conditions', name]));
  }
  for (const name of Object.keys(lists)) {
    if (reached.lists.has(name)) continue;
    const message = written.lists.has(name)
      ? `the list '${name}' is used only in named conditions that nothing uses`
      : `nothing uses the list '${name}': no 'in: { list: ${name} }' or 'not_in: { list: ${name} }'`;
    report(context, 'UNUSED_LIST', message, context.locateKey(['lists', name]));
  }
}

/** What `when` and the rules' `if` use, following refs (each named condition walked once). */
function findReached(ruleset: PlainRecord, named: PlainRecord): Uses {
  const reached: Uses = { conditions: new Set(), lists: new Set() };
  const pending: string[] = [];
  const visit = (condition: PlainRecord): void => {
    const ref = condition.ref;
    if (typeof ref === 'string' && hasOwn(named, ref) && !reached.conditions.has(ref)) pending.push(ref);
    recordUses(condition, reached);
  };
  walkCondition(ruleset.when, ['when'], visit);
  forEachRule(ruleset, (rule, path) => walkCondition(rule.if, [...path, 'if'], visit));
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    walkCondition(named[name], ['conditions', name], visit);
  }
  return reached;
}

function recordUses(condition: PlainRecord, uses: Uses): void {
  if (typeof condition.ref === 'string') uses.conditions.add(condition.ref);
  for (const operator of LIST_OPERATORS) {
    const list = asRecord(condition[operator])?.list;
    if (typeof list === 'string') uses.lists.add(list);
  }
}
