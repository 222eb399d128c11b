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

/** A variable (or glob of them), with what the mapping form of `variables` declares of it. */
export interface VariableEntry extends CatalogEntry {
  /** `text`, `number` or `yes-no` when declared (`text` when only values or a pattern are). */
  kind?: string;
  /** The allowed values, with their descriptions; `true` and `false` for `yes-no`. */
  values?: CatalogEntry[];
}

export interface CatalogEntries {
  events: CatalogEntry[];
  nodes: CatalogEntry[];
  variables: VariableEntry[];
  actions: ActionEntry[];
}

export const NO_ENTRIES: CatalogEntries = { events: [], nodes: [], variables: [], actions: [] };

/**
 * The names of a catalog with their descriptions, for completion and hover. The
 * lists of events, nodes and variables are plain names, so a name's description is
 * its comment on the same line (`- CALL_STARTED   # first event of every call`),
 * as every shipped catalog writes them; actions, parameters and the variables of the
 * mapping form have `description` (else that comment), values their own text.
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
    variables: readVariables(section('variables')),
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

function readVariables(node: Node | undefined): VariableEntry[] {
  if (!isMap(node)) return readNames(node);
  return node.items.flatMap((pair) => {
    if (!isScalar(pair.key) || pair.key.value === null) return [];
    const details = isMap(pair.value) ? pair.value : undefined;
    const comment = pair.key.comment ?? (isScalar(pair.value) ? pair.value.comment : details?.comment);
    const description = textOf(details?.get('description')) ?? textOf(comment);
    const entry: VariableEntry = { name: String(pair.key.value), ...(description ? { description } : {}) };
    const kind = textOf(details?.get('kind'));
    const values = readValues(details?.get('values', true) as Node | undefined);
    if (kind !== undefined) entry.kind = kind;
    else if (values !== undefined || details?.has('pattern')) entry.kind = 'text';
    if (entry.kind === 'yes-no') entry.values = [{ name: 'true' }, { name: 'false' }];
    else if (values !== undefined && entry.kind === 'text') entry.values = values;
    return [entry];
  });
}

/** `values` as a list (descriptions from comments) or a mapping of value to description. */
function readValues(node: Node | undefined): CatalogEntry[] | undefined {
  if (isSeq(node)) return readNames(node);
  if (!isMap(node)) return undefined;
  return node.items.flatMap((pair) => {
    if (!isScalar(pair.key) || pair.key.value === null) return [];
    const description = isScalar(pair.value) ? textOf(String(pair.value.value ?? '')) : undefined;
    return [{ name: String(pair.key.value), ...(description ? { description } : {}) }];
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
