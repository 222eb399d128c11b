import { formatNameList } from '../../diagnostics/list-names';
import { listWithOr } from './describe-reasons';
import type { EventGroup } from './group-events';
import type { KeyGroup } from './group-variables';
import type { DeriveRule } from './pack-rules';

/**
 * Why an `events_to_ignore` entry is derived: no rule fires on its events. When rules test `changed`,
 * it says what the rules cannot show: the variables a stopped event changes show as changes of the next
 * event sent (`changed` compares with the last event received), which only the recordings can tell.
 */
export function describeEventEntry(
  group: EventGroup,
  freeRules: number,
  changedReaders: readonly DeriveRule[],
): string {
  const known = group.prefix === undefined ? '' : `, the known events starting with ${group.prefix}`;
  const them = group.names.length === 1 ? 'it' : 'them';
  const free =
    freeRules === 0
      ? ''
      : `; the ${freeRules === 1 ? 'rule' : `${freeRules} rules`} without \`on:\` cannot fire on ${them}`;
  const ids = changedReaders.map((rule) => rule.qualifiedId);
  const changed =
    ids.length === 0
      ? ''
      : ` (${ids.length === 1 ? 'rule' : 'rules'} ${formatNameList(ids, 3)} ${ids.length === 1 ? 'tests' : 'test'} ` +
        `\`changed\`, which would see what ${group.names.length === 1 ? 'it changes' : 'they change'} on the next event sent instead)`;
  return `no rule fires on ${listWithOr(group.names)}${known}${free}${changed}`;
}

/** Why a `keys_to_ignore` entry is derived: nothing reads what it drops, and no rule needs such an event. */
export function describeKeyEntry(group: KeyGroup, rules: readonly DeriveRule[]): string {
  const { entry, names } = group;
  const listed = names.length === 1 && names[0] === entry ? '' : ` (${listWithOr(names)})`;
  if (rules.length === 0) return `no rule reads ${entry}${listed}`;
  return `no rule reads ${entry}${listed}, and every rule that could fire on an event changing only ${entry} requires another change`;
}
