import { MarkupKind, type CompletionItem, type CompletionItemKind, type Range } from 'vscode-languageserver';
import type { CatalogEntry } from './catalog-entries';

/** Plain YAML scalars cannot start with these: such a name is inserted in quotes. */
const NEEDS_QUOTES = /^[*&!%@`|>?:,[\]{}#'"-]|: | #/;

export function quoteIfNeeded(name: string): string {
  return NEEDS_QUOTES.test(name) ? JSON.stringify(name) : name;
}

const QUOTED = /^(["']).*\1$/s;

/**
 * The edit that writes `name` over the scalar at `[start, end)` of `text`: inside
 * its quotes when it is quoted (the quotes stay), else the whole scalar, quoted
 * when YAML would read the name otherwise. `keepQuotes: false` replaces quotes
 * too (when they are the mistake: `"true"` for `true`).
 */
export function replaceScalar(
  text: string,
  start: number,
  end: number,
  name: string,
  keepQuotes = true,
): { start: number; end: number; newText: string } {
  if (keepQuotes && QUOTED.test(text.slice(start, end)))
    return { start: start + 1, end: end - 1, newText: name };
  return { start, end, newText: quoteIfNeeded(name) };
}

/** How the names of one completion are inserted. */
export interface Insertion {
  /** The word under the cursor, which each item replaces. */
  range: Range;
  /** Inside a template or quotes: the name goes in as it is. */
  raw: boolean;
  /** A mapping key is being typed: the name is followed by `: `. */
  asKey: boolean;
}

/**
 * Completion items for names, in the order given (`sortText` keeps it: required
 * parameters first, the catalog's order otherwise). The catalog's description
 * is the item's documentation, shown beside the list.
 */
export function toCompletionItems(
  entries: readonly (CatalogEntry & { detail?: string })[],
  kind: CompletionItemKind,
  insertion: Insertion,
): CompletionItem[] {
  return entries.map((entry, index) => {
    const text = insertion.raw ? entry.name : quoteIfNeeded(entry.name);
    const item: CompletionItem = {
      label: entry.name,
      kind,
      sortText: String(index).padStart(5, '0'),
      filterText: entry.name,
      textEdit: { range: insertion.range, newText: insertion.asKey ? `${text}: ` : text },
    };
    if (entry.detail !== undefined) item.detail = entry.detail;
    if (entry.description !== undefined)
      item.documentation = { kind: MarkupKind.Markdown, value: entry.description };
    return item;
  });
}
