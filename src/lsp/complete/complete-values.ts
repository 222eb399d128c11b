import { CompletionItemKind, type CompletionItem } from 'vscode-languageserver';
import { findDeclaration } from '../../rules/catalog/declared-values';
import type { VariableEntry } from './catalog-entries';
import { toCompletionItems, type Insertion } from './completion-items';
import type { CursorContext } from './find-cursor-context';

/**
 * A variable's catalog entry as the checks find its declaration: its own (an empty one too), else the
 * first glob written before others that matches it (`verify.decision` under `verify.*`).
 */
export function findVariableEntry(
  variables: readonly VariableEntry[],
  name: string,
): VariableEntry | undefined {
  // The checks' own lookup, on the names alone, so that completion and warnings agree.
  const found = findDeclaration({ declarations: variables.map((v) => ({ name: v.name })) }, name);
  return found && variables.find((v) => v.name === found.name);
}

/**
 * The variable whose value is typed at the cursor of a rule file: the condition's `var` for the
 * operand of `equals` / `not_equals` or an item of `in` / `not_in`, the key for a `set` value.
 */
export function findValuedVariable(context: CursorContext): string | undefined {
  const { path } = context;
  const last = path.at(-1);
  const owner = last === '*' ? path.at(-2) : last;
  if (owner === 'equals' || owner === 'not_equals' || owner === 'in' || owner === 'not_in')
    return owner.endsWith('in') || last !== '*' ? context.siblings.var : undefined;
  if (path.at(-2) === 'set' && path.includes('then') && last !== undefined && last !== '*') return last;
  return undefined;
}

/** The variable whose value is typed in a scenario file: a key of `variables` or of a case. */
export function findScenarioVariable(context: CursorContext): string | undefined {
  const { path } = context;
  const last = path.at(-1);
  if (last === undefined || last === '*') return undefined;
  return path.at(-2) === 'variables' || (path.at(-2) === '*' && path.at(-3) === 'cases') ? last : undefined;
}

/** The values the catalog allows `name`, with what each means: `true` and `false` for yes/no. */
export function completeValues(
  variables: readonly VariableEntry[],
  name: string,
  insertion: Insertion,
): CompletionItem[] {
  const values = findVariableEntry(variables, name)?.values ?? [];
  return toCompletionItems(values, CompletionItemKind.EnumMember, insertion);
}
