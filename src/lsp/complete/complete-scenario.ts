import { CompletionItemKind, type CompletionItem } from 'vscode-languageserver';
import type { CatalogEntries, CatalogEntry } from './catalog-entries';
import { toCompletionItems, type Insertion } from './completion-items';
import { concreteVariables, lastKey } from './complete-rule-file';
import { completeValues, findScenarioVariable } from './complete-values';
import type { CursorContext } from './find-cursor-context';

/** What a scenario file's completion draws on: the rules it tests and their catalog. */
export interface ScenarioFacts {
  /** `ruleset/rule` of every rule under test, with the rule's description. */
  rules: CatalogEntry[];
  catalog: CatalogEntries;
}

/**
 * Rule ids in `fired` / `not_fired`, event names in `event`, variable names as keys of `variables` and
 * cases, and their values where the catalog declares them.
 */
export function completeScenario(
  context: CursorContext,
  facts: ScenarioFacts,
  insertion: Omit<Insertion, 'asKey'>,
): CompletionItem[] {
  if (context.inText) return [];
  const { path } = context;
  const value = { ...insertion, asKey: false };
  if (context.role === 'key') {
    const last = lastKey(path);
    const variablesMap =
      last === 'variables' || (last === 'cases' && path.at(-1) === '*') || last === 'updates';
    return variablesMap
      ? toCompletionItems(concreteVariables(facts.catalog.variables), CompletionItemKind.Variable, {
          ...insertion,
          asKey: true,
        })
      : [];
  }
  const variable = findScenarioVariable(context);
  if (variable !== undefined) return completeValues(facts.catalog.variables, variable, value);
  if (path.includes('fired') || path.includes('not_fired'))
    return toCompletionItems(facts.rules, CompletionItemKind.Reference, value);
  if (lastKey(path) === 'event')
    return toCompletionItems(facts.catalog.events, CompletionItemKind.Event, value);
  return [];
}
