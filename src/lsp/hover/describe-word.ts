import type { CatalogEntries, CatalogEntry, VariableEntry } from '../complete/catalog-entries';
import { findScenarioVariable, findValuedVariable, findVariableEntry } from '../complete/complete-values';
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
  if (context.template) return describeVariable(findVariableEntry(catalog.variables, word));
  if (context.inText) return undefined;
  if (context.role === 'key') {
    const conditionKey = CONDITION_KEYS.find((k) => k.name === word);
    if (conditionKey) return describeEntry(conditionKey.operator ? 'operator' : 'condition', conditionKey);
    if (last === 'set' || last === 'variables')
      return describeVariable(findVariableEntry(catalog.variables, word));
    if (last === 'parameters') {
      const parameters = catalog.actions.find((a) => a.name === context.item.action)?.parameters ?? [];
      const found = parameters.find((p) => p.name === word);
      return found && describeEntry(found.required ? 'required parameter' : 'parameter', found);
    }
    return undefined;
  }
  const valued = findValuedVariable(context) ?? findScenarioVariable(context);
  if (valued !== undefined) return describeValue(findVariableEntry(catalog.variables, valued), word);
  switch (last) {
    case 'on':
    case 'events_to_ignore':
    case 'event':
      return describeEntry('event', findEntry(catalog.events, word));
    case 'var':
    case 'changed':
    case 'keys_to_ignore':
      return describeVariable(findVariableEntry(catalog.variables, word));
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

/** A variable's entry, with its kind and allowed values when the catalog declares them. */
function describeVariable(entry: VariableEntry | undefined): string | undefined {
  const head = describeEntry(entry?.kind === undefined ? 'variable' : `${entry.kind} variable`, entry);
  if (head === undefined || !entry?.values?.length || entry.kind === 'yes-no') return head;
  const values = entry.values.map(
    (v) => `- \`${v.name}\`${v.description === undefined ? '' : `: ${v.description}`}`,
  );
  return `${head}\n\nValues:\n\n${values.join('\n')}`;
}

/** An allowed value of a variable, with what it means. */
function describeValue(entry: VariableEntry | undefined, word: string): string | undefined {
  const value = entry?.values?.find((v) => v.name === word);
  if (value === undefined) return undefined;
  const head = `**value** \`${value.name}\` of \`${entry!.name}\``;
  return value.description === undefined ? head : `${head}\n\n${value.description}`;
}

function describeEntry(kind: string, entry: CatalogEntry | undefined): string | undefined {
  if (entry === undefined) return undefined;
  const head = `**${kind}** \`${entry.name}\``;
  return entry.description === undefined ? head : `${head}\n\n${entry.description}`;
}
