import type { Reason } from './fold-condition';
import type { Requirement } from './requirement';
import type { Conflict } from './variable-facts';

/** Choices of an `any` described one by one in its message; the rest are counted. */
const CHOICES_DESCRIBED = 3;

/** `x cannot equal both 'A' and 'B'`; where the requirements come from different places, which. */
export function describeConflict(conflict: Conflict): string {
  const { variable, requirements } = conflict;
  const last = requirements[requirements.length - 1];
  const parts = requirements.map((r) => r.wording + (last ? describeOrigin(r, last) : ''));
  const [first = '', second = ''] = parts;
  if (parts.length === 2 && /^equal '/.test(first) && /^equal '/.test(second))
    return `${variable} cannot equal both ${first.slice('equal '.length)} and ${second.slice('equal '.length)}`;
  if (parts.length === 2) return `${variable} cannot both ${first} and ${second}`;
  return `${variable} cannot at once ${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1] ?? ''}`;
}

/** Where a requirement comes from, when not from the same place as the one it conflicts with. */
function describeOrigin(requirement: Requirement, last: Requirement): string {
  const { part, via } = requirement.source;
  if (part === 'when' && last.source.part !== 'when') return " (the ruleset's `when`)";
  if (part === 'on' && last.source.part !== 'on') return " (the rule's `on`)";
  if (via !== undefined && via !== last.source.via) return ` (named condition '${via}')`;
  return '';
}

/** What the second place of a conflict shows: the first requirement, in words. */
export function describeFirst(conflict: Conflict): string {
  const [first] = conflict.requirements;
  return first ? `${conflict.variable} must ${first.wording} here` : '';
}

/** Why an `any` never holds: each choice's reason, the first few in full. */
export function describeChoices(reason: Extract<Reason, { kind: 'any' }>): string {
  const described = reason.choices.slice(0, CHOICES_DESCRIBED).map((choice, index) => {
    const label = `choice ${index + 1}`;
    if (choice.kind === 'conflict') return `${label}: ${describeConflict(choice.conflict)}`;
    if (choice.kind === 'any') return `${label}: none of its own choices can hold`;
    return `${label} can never hold on its own`;
  });
  const rest = reason.choices.length - described.length;
  return `none of its ${reason.choices.length} choices can hold (${described.join('; ')}${rest > 0 ? `; and ${rest} more` : ''})`;
}
