/**
 * Reads the reference tables of docs/contract.md.
 *
 * A table belongs to the heading line above it: `**Name** (message `full.name`)`, `(enum ...)` or
 * `(service ...)`, followed (after any prose) by one table whose header fits the kind. A markdown heading or
 * the next such line ends the search, so a message without fields (no table) is read as having none, and the
 * page's other tables (decisions, errors) are never taken for a message's.
 */

export type DocKind = 'message' | 'enum' | 'service';

export interface DocTable {
  kind: DocKind;
  /** Fully-qualified name, as written in the heading. */
  fullName: string;
  /** The short name in bold, which must be the last part of `fullName`. */
  title: string;
  /** Each row's cells, backticks removed, in page order. */
  rows: string[][];
  /** Every backticked span of each row's last-but-one cell (method tables: the HTTP bindings). */
  spans: string[][];
  line: number;
}

const HEADERS: Record<DocKind, string> = {
  message: '| Field | Type | Tag | Rule |',
  enum: '| Value | Number | Meaning |',
  service: '| Method | Request | Response | HTTP | Use |',
};

const HEADING = /^\*\*([\w.]+)\*\* \((message|enum|service) `([\w.]+)`\)/;

function splitRow(line: string): string[] {
  return line
    .slice(1, line.endsWith('|') ? -1 : undefined)
    .split('|')
    .map((cell) => cell.trim());
}

/** The tables in page order; a header that does not fit its heading's kind throws, naming the line. */
export function readContractTables(markdown: string): DocTable[] {
  const tables: DocTable[] = [];
  let open: DocTable | undefined;
  let inTable = false;
  markdown.split('\n').forEach((text, index) => {
    const heading = HEADING.exec(text);
    if (heading !== null || text.startsWith('#')) {
      open = undefined;
      inTable = false;
    }
    if (heading !== null) {
      const [, title, kind, fullName] = heading as unknown as [string, string, DocKind, string];
      open = { kind, fullName, title, rows: [], spans: [], line: index + 1 };
      tables.push(open);
      return;
    }
    if (open === undefined) return;
    if (!text.startsWith('|')) {
      if (inTable) open = undefined;
      inTable = false;
      return;
    }
    if (!inTable) {
      if (text.trim() !== HEADERS[open.kind]) {
        throw new Error(
          `docs/contract.md:${index + 1}: ${open.kind} table header must be ${HEADERS[open.kind]}`,
        );
      }
      inTable = true;
      return;
    }
    if (/^\|[-| ]+\|$/.test(text.trim())) return;
    const cells = splitRow(text);
    open.spans.push([...(cells[cells.length - 2] ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1] as string));
    open.rows.push(cells.map((cell) => cell.replace(/`/g, '')));
  });
  return tables;
}
