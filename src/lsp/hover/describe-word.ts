import type { CatalogEntries, CatalogEntry } from '../complete/catalog-entries';
import { lastKey } from '../complete/complete-rule-file';
import { CONDITION_KEYS } from '../complete/condition-keys';
import type { CursorContext } from '../complete/find-cursor-context';

/** What hover knows besides the cursor: the catalog, and the file's own named conditions and lists. */
export interface HoverFacts {
  catalog: CatalogEntries;
  conditions: CatalogEntry[];
  lists: CatalogEntry[];
}

/**
 * The markdown shown when hovering `word` at `context`: an operator's meaning, or
 * what the catalog says of an event, variable, action, parameter or node, or a
 * named condition's or list's comment. What the name is comes from where it is
 * written (`on` holds events, `var` variables), so equal names of different kinds
 * are not confused.
 */
export function describeWord(word: string, context: CursorContext, facts: HoverFacts): string | undefined {
  const { catalog } = facts;
  const last = lastKey(context.path);
  if (context.template) return describeEntry('variable', findVariable(catalog.variables, word));
  if (context.inText) return undefined;
  if (context.role === 'key') {
    const conditionKey = CONDITION_KEYS.find((k) => k.name === word);
    if (conditionKey) return describeEntry(conditionKey.operator ? 'operator' : 'condition', conditionKey);
    if (last === 'set') return describeEntry('variable', findVariable(catalog.variables, word));
    if (last === 'parameters') {
      const parameters = catalog.actions.find((a) => a.name === context.item.action)?.parameters ?? [];
      const found = parameters.find((p) => p.name === word);
      return found && describeEntry(found.required ? 'required parameter' : 'parameter', found);
    }
    return undefined;
  }
  switch (last) {
    case 'on':
    case 'events_to_ignore':
    case 'event':
      return describeEntry('event', findEntry(catalog.events, word));
    case 'var':
    case 'changed':
    case 'keys_to_ignore':
      return describeEntry('variable', findVariable(catalog.variables, word));
    case 'action':
      return describeEntry('action', findEntry(catalog.actions, word));
    case 'disable':
    case 'enable':
      return describeEntry('node', findEntry(catalog.nodes, word));
    case 'ref':
      return describeEntry('named condition', findEntry(facts.conditions, word));
    case 'list':
      return describeEntry('list', findEntry(facts.lists, word));
    default:
      return undefined;
  }
}

function findEntry(entries: readonly CatalogEntry[], name: string): CatalogEntry | undefined {
  return entries.find((e) => e.name === name);
}

/** A variable by its name, else the catalog glob it falls under (`custom.tier` under `custom.*`). */
function findVariable(variables: readonly CatalogEntry[], name: string): CatalogEntry | undefined {
  return (
    findEntry(variables, name) ??
    variables.find((v) => v.name.endsWith('*') && name.startsWith(v.name.slice(0, -1)) && name !== v.name)
  );
}

function describeEntry(kind: string, entry: CatalogEntry | undefined): string | undefined {
  if (entry === undefined) return undefined;
  const head = `**${kind}** \`${entry.name}\``;
  return entry.description === undefined ? head : `${head}\n\n${entry.description}`;
}
