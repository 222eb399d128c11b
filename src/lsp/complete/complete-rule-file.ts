import { CompletionItemKind, type CompletionItem } from 'vscode-languageserver';
import type { CatalogEntries, CatalogEntry } from './catalog-entries';
import { toCompletionItems, type Insertion } from './completion-items';
import { completeValues, findValuedVariable } from './complete-values';
import { CONDITION_KEYS } from './condition-keys';
import type { CursorContext } from './find-cursor-context';

/** What a rule file's completion draws on besides the cursor: the catalog, and the file's own names. */
export interface RuleFileFacts {
  catalog: CatalogEntries;
  /** Names of the file's `conditions` and `lists`, with their first line as description. */
  conditions: CatalogEntry[];
  lists: CatalogEntry[];
}

/** The last key of a path, list items skipped. */
export function lastKey(path: readonly string[]): string | undefined {
  for (let i = path.length - 1; i >= 0; i--) if (path[i] !== '*') return path[i];
  return undefined;
}

/** Whether the mapping at `path` is a condition (under `if`, `when`, `not`, `all`/`any`, or a named condition). */
function isCondition(path: readonly string[]): boolean {
  const last = lastKey(path);
  if (last === 'if' || last === 'when' || last === 'not') return true;
  if ((last === 'all' || last === 'any') && path.at(-1) === '*') return true;
  return path[0] === 'conditions' && path.length === 2;
}

/** Variable names to write as a name: a catalog glob (`custom.*`) offers its literal start (`custom.`). */
export function concreteVariables(variables: readonly CatalogEntry[]): CatalogEntry[] {
  return variables.map((v) =>
    v.name.endsWith('*') && !v.name.slice(0, -1).includes('*') ? { ...v, name: v.name.slice(0, -1) } : v,
  );
}

export function completeRuleFile(
  context: CursorContext,
  facts: RuleFileFacts,
  insertion: Omit<Insertion, 'asKey'>,
): CompletionItem[] {
  const { catalog } = facts;
  const value = { ...insertion, asKey: false };
  const key = { ...insertion, asKey: true };
  if (context.template)
    return toCompletionItems(concreteVariables(catalog.variables), CompletionItemKind.Variable, value);
  if (context.inText) return [];
  const { path } = context;
  const last = lastKey(path);
  // `- ` under `all:` / `any:` starts a condition: its first key is typed where a list item's value would be.
  const startsCondition = path.at(-1) === '*' && (last === 'all' || last === 'any');
  if (context.role === 'key' || startsCondition) {
    if (last === 'set')
      return toCompletionItems(concreteVariables(catalog.variables), CompletionItemKind.Variable, key);
    if (last === 'parameters' && path.includes('schedule')) {
      const action = catalog.actions.find((a) => a.name === context.item.action);
      const parameters = (action?.parameters ?? []).map((p) => ({
        ...p,
        detail: p.required ? 'required' : 'optional',
      }));
      return toCompletionItems(parameters, CompletionItemKind.Property, key);
    }
    if (isCondition(path)) return toCompletionItems(CONDITION_KEYS, CompletionItemKind.Operator, key);
    return [];
  }
  const valued = findValuedVariable(context);
  if (valued !== undefined) return completeValues(catalog.variables, valued, value);
  switch (last) {
    case 'on':
      return path[0] === 'rules' ? toCompletionItems(catalog.events, CompletionItemKind.Event, value) : [];
    case 'events_to_ignore':
      return toCompletionItems(catalog.events, CompletionItemKind.Event, value);
    case 'var':
      return toCompletionItems(concreteVariables(catalog.variables), CompletionItemKind.Variable, value);
    case 'changed':
    case 'keys_to_ignore':
      return toCompletionItems(catalog.variables, CompletionItemKind.Variable, value);
    case 'action':
      return path.includes('schedule')
        ? toCompletionItems(catalog.actions, CompletionItemKind.Function, value)
        : [];
    case 'disable':
    case 'enable':
      return toCompletionItems(catalog.nodes, CompletionItemKind.Module, value);
    case 'ref':
      return toCompletionItems(facts.conditions, CompletionItemKind.Reference, value);
    case 'list':
      return toCompletionItems(facts.lists, CompletionItemKind.Enum, value);
    default:
      return [];
  }
}
