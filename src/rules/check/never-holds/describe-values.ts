/** How values show in messages: quoted, a long list cut short. */

const SHOWN = 5;

export function describeValue(value: string): string {
  return `'${value}'`;
}

/** `'A', 'B', 'C'` (`and 4 more` past five); a named list as `the list 'risky' ('A', 'B')`. */
export function describeValues(values: readonly string[], listName?: string): string {
  const unique = [...new Set(values)];
  const rest = unique.length - SHOWN;
  const text = unique.slice(0, SHOWN).map(describeValue).join(', ') + (rest > 0 ? ` and ${rest} more` : '');
  return listName === undefined ? text : `the list '${listName}' (${text})`;
}
