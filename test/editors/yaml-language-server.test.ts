import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLineIndex, type Diagnostic } from '../../src/diagnostics';
import {
  KINDS,
  listDocSnippets,
  listFileDocuments,
  listSchemaAssociations,
  ROOT,
  type EditorDocument,
} from '../support/editor-documents';
import { validateDocument } from '../support/validate-document';
import { startYamlLanguageServer, type YamlLanguageServer } from '../support/yaml-language-server';

/**
 * The shipped schemas as an editor uses them: the real yaml-language-server, over every rule, catalog,
 * scenario, sandbox and configuration file of the repository and every whole-file YAML snippet of the
 * docs, compared with what rulehook's loaders report for the same text. Positions are `line:col`, 1-based.
 */
const DOCUMENTS: EditorDocument[] = [
  ...listFileDocuments(['examples', 'rules', 'templates', 'test/fixtures']),
  ...listDocSnippets(),
];

interface Compared {
  /** The editor's diagnostics, as `line:col message`. */
  editor: { at: string; message: string }[];
  /** rulehook's, as `line:col CODE`. */
  rulehook: { at: string; code: string }[];
}

let server: YamlLanguageServer | undefined;
let scratch: string;
const compared = new Map<string, Compared>();

beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), 'rulehook-editor-check-'));
  server = await startYamlLanguageServer({ root: ROOT, schemas: listSchemaAssociations() });
  await Promise.all(
    DOCUMENTS.map(async (doc) => {
      const [editor, rulehook] = await Promise.all([
        server!.diagnose(doc.openAt, doc.text),
        validateDocument(doc, scratch),
      ]);
      compared.set(doc.source, {
        editor: editor.map((d) => ({
          at: `${d.range.start.line + 1}:${d.range.start.character + 1}`,
          message: d.message,
        })),
        rulehook: rulehook.map((d) => ({ at: locate(doc.text, d), code: d.code })),
      });
    }),
  );
}, 60_000);

afterAll(async () => {
  await server?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

/**
 * Where the editor would underline the same mistake. `equals: [A, B]` is the one type error rulehook
 * reports at the operator, not at the value the schema rejects, because the operator is what its quick
 * fix rewrites (to `in`): it is compared at the value after the operator's colon.
 */
function locate(text: string, diagnostic: Diagnostic): string {
  if (!diagnostic.range) return 'file';
  const operatorHint =
    diagnostic.code === 'INVALID_TYPE' && ['in', 'not_in'].includes(diagnostic.suggestion ?? '');
  const offset = operatorHint
    ? diagnostic.range.end + /^\s*:\s*/.exec(text.slice(diagnostic.range.end))![0].length
    : diagnostic.range.start;
  const { line, col } = createLineIndex(text).positionAt(offset);
  return `${line}:${col}`;
}

it('covers every kind of file, in the repository and in the docs', () => {
  const kinds = (docs: EditorDocument[]) => [...new Set(docs.map((d) => d.kind))].sort();
  expect(kinds(DOCUMENTS)).toEqual([...KINDS].sort());
  expect(kinds(DOCUMENTS.filter((d) => d.source.startsWith('docs/')))).toEqual([...KINDS].sort());
  expect(DOCUMENTS.map((d) => d.source)).toEqual(
    expect.arrayContaining(['docs/rules.md:24', 'rules/default.yaml', 'test/fixtures/editors/scalars.yaml']),
  );
});

it('accepts the scalars rulehook takes as text and underlines each value of the wrong type and each incomplete mapping', () => {
  const { editor, rulehook } = compared.get('test/fixtures/editors/scalars.yaml')!;
  const codes = ['INVALID_TYPE', 'NON_NUMERIC_OPERAND', 'MISSING_KEY'];
  const wrong = rulehook.filter((d) => codes.includes(d.code));
  expect(wrong).toHaveLength(14);
  expect(editor.map((d) => d.at).sort()).toEqual(wrong.map((d) => d.at).sort());
});

describe.each(DOCUMENTS.map((doc) => [doc.source, doc] as const))('%s', (source) => {
  it('has no editor diagnostic but at the line:col of one of rulehook', () => {
    const { editor, rulehook } = compared.get(source)!;
    const reported = new Set(rulehook.map((d) => d.at));
    expect(editor.filter((d) => !reported.has(d.at))).toEqual([]);
  });

  it('has every type error of rulehook underlined by the editor at its line:col', () => {
    const { editor, rulehook } = compared.get(source)!;
    const underlined = new Set(editor.map((d) => d.at));
    expect(rulehook.filter((d) => d.code === 'INVALID_TYPE' && !underlined.has(d.at))).toEqual([]);
  });
});
