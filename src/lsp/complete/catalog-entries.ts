import { isMap, isScalar, isSeq, parseDocument, type Node } from 'yaml';

/** A name the catalog declares, with what the catalog says of it. */
export interface CatalogEntry {
  name: string;
  description?: string;
}

export interface ActionEntry extends CatalogEntry {
  /** Declared parameters, required ones first (each group as written). */
  parameters: (CatalogEntry & { required: boolean })[];
}

export interface CatalogEntries {
  events: CatalogEntry[];
  nodes: CatalogEntry[];
  variables: CatalogEntry[];
  actions: ActionEntry[];
}

export const NO_ENTRIES: CatalogEntries = { events: [], nodes: [], variables: [], actions: [] };

/**
 * The names of a catalog with their descriptions, for completion and hover. The
 * lists of events, nodes and variables are plain names, so a name's description is
 * its comment on the same line (`- CALL_STARTED   # first event of every call`),
 * as every shipped catalog writes them; actions and parameters have `description`.
 * Read from the text even when the catalog has errors: completion helps fix them.
 */
export function readCatalogEntries(text: string): CatalogEntries {
  const doc = parseDocument(text, { keepSourceTokens: false });
  const root = doc.contents;
  if (!isMap(root)) return NO_ENTRIES;
  const section = (key: string) => root.get(key, true) as Node | undefined;
  return {
    events: readNames(section('events')),
    nodes: readNames(section('nodes')),
    variables: readNames(section('variables')),
    actions: readActions(section('actions')),
  };
}

function readNames(node: Node | undefined): CatalogEntry[] {
  if (!isSeq(node)) return [];
  return node.items.flatMap((item) => {
    if (!isScalar(item) || item.value === null) return [];
    const description = item.comment?.trim();
    return [{ name: String(item.value), ...(description ? { description } : {}) }];
  });
}

function readActions(node: Node | undefined): ActionEntry[] {
  if (!isMap(node)) return [];
  return node.items.flatMap((pair) => {
    if (!isScalar(pair.key)) return [];
    const details = isMap(pair.value) ? pair.value : undefined;
    const description = textOf(details?.get('description'));
    const parameters = readParameters(details?.get('parameters', true) as Node | undefined);
    return [{ name: String(pair.key.value), ...(description ? { description } : {}), parameters }];
  });
}

function readParameters(node: Node | undefined): ActionEntry['parameters'] {
  if (!isMap(node)) return [];
  const all = node.items.flatMap((pair) => {
    if (!isScalar(pair.key)) return [];
    const details = isMap(pair.value) ? pair.value : undefined;
    const description = textOf(details?.get('description'));
    const required = details?.get('required') === true;
    return [{ name: String(pair.key.value), required, ...(description ? { description } : {}) }];
  });
  return [...all.filter((p) => p.required), ...all.filter((p) => !p.required)];
}

function textOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}
