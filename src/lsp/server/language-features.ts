import type { CompletionItem, Hover, Location, Position } from 'vscode-languageserver';
import { MarkupKind } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { createLineIndex } from '../../diagnostics/line-index';
import { completeRuleFile } from '../complete/complete-rule-file';
import { completeScenario } from '../complete/complete-scenario';
import { findCursorContext, type CursorContext } from '../complete/find-cursor-context';
import { readOwnNames } from '../complete/read-own-names';
import { findOwnDefinition, findRuleDefinition, type Definition } from '../definition/find-definition';
import { toLspRange, toUri } from '../diagnostics/to-lsp-diagnostic';
import { describeWord } from '../hover/describe-word';
import { listRuleEntries, type LanguageWorkspace } from '../workspace/language-workspace';
import { gatherFacts } from './document-facts';

/** The cursor's context in a document, and the whole word under it. */
function readCursor(document: TextDocument, position: Position): { context: CursorContext; word: string } {
  const text = document.getText();
  const context = findCursorContext(text, document.offsetAt(position));
  return { context, word: text.slice(context.start, context.end) };
}

export async function completeAt(
  workspace: LanguageWorkspace,
  absolute: string,
  document: TextDocument,
  position: Position,
): Promise<CompletionItem[]> {
  const text = document.getText();
  const facts = await gatherFacts(workspace, absolute, text);
  const { context } = readCursor(document, position);
  const range = { start: document.positionAt(context.start), end: document.positionAt(context.end) };
  const quoted = /["']/.test(text.charAt(context.start - 1));
  const insertion = { range, raw: context.template || quoted };
  if (facts.kind === 'rules')
    return completeRuleFile(context, { catalog: facts.catalog, ...readOwnNames(text) }, insertion);
  if (facts.kind === 'scenario')
    return completeScenario(
      context,
      { catalog: facts.catalog, rules: listRuleEntries(facts.rules) },
      insertion,
    );
  return [];
}

export async function hoverAt(
  workspace: LanguageWorkspace,
  absolute: string,
  document: TextDocument,
  position: Position,
): Promise<Hover | null> {
  const text = document.getText();
  const facts = await gatherFacts(workspace, absolute, text);
  if (facts.kind !== 'rules' && facts.kind !== 'scenario') return null;
  const { context, word } = readCursor(document, position);
  if (word === '') return null;
  const markdown = describeWord(word, context, { catalog: facts.catalog, ...readOwnNames(text) });
  if (markdown === undefined) return null;
  const range = { start: document.positionAt(context.start), end: document.positionAt(context.end) };
  return { contents: { kind: MarkupKind.Markdown, value: markdown }, range };
}

export async function findDefinitionAt(
  workspace: LanguageWorkspace,
  absolute: string,
  document: TextDocument,
  position: Position,
): Promise<Location | null> {
  const text = document.getText();
  const facts = await gatherFacts(workspace, absolute, text);
  const { context, word } = readCursor(document, position);
  if (word === '') return null;
  let found: Definition | undefined;
  if (facts.kind === 'rules') {
    found = findOwnDefinition(facts.file, text, word, context);
    if (found) return toLocation(absolute, text, found);
  }
  if (facts.kind === 'scenario' && facts.rules && facts.pack) {
    found = findRuleDefinition(facts.rules, word, context);
    const source = found && facts.rules.sources.get(found.file);
    if (found && source !== undefined) return toLocation(facts.pack.absoluteOf(found.file), source, found);
  }
  return null;
}

function toLocation(absolute: string, text: string, definition: Definition): Location {
  return { uri: toUri(absolute), range: toLspRange(definition.range, createLineIndex(text)) };
}
