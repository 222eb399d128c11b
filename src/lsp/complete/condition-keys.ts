import { OPERATORS } from '../../rules/operators';
import type { CatalogEntry } from './catalog-entries';

/** The keys of a condition with their meaning, operators last: what completion offers and hover explains. */
export const CONDITION_KEYS: readonly (CatalogEntry & { operator: boolean })[] = [
  { name: 'var', description: 'The session variable to test, with exactly one operator.' },
  { name: 'all', description: 'True when every condition of the list is true.' },
  { name: 'any', description: 'True when at least one condition of the list is true.' },
  { name: 'not', description: 'True when the condition is false.' },
  { name: 'ref', description: "The named condition of this ruleset's `conditions` with this name." },
  {
    name: 'changed',
    description:
      'True when some session variable matching this glob was added or changed since the previous event.',
  },
]
  .map((key) => ({ ...key, operator: false }))
  .concat(
    OPERATORS.map((op) => ({
      name: op.name,
      description: `${op.summary}\n\n\`${op.example}\``,
      operator: true,
    })),
  );
