import { parseDocument, type Document, type YAMLError } from 'yaml';
import { createDiagnostic, createLineIndex, type Diagnostic } from '../../diagnostics';
import type { SpecPath } from '../spec';
import { findDuplicateKeys } from './find-duplicate-keys';
import { createLocator, type Locator } from './locate';
import { toPlain } from './to-plain';

/** One YAML file, parsed: its plain value, the problems found, and a way back to the source. */
export interface ParsedYaml extends Locator {
  file: string;
  text: string;
  doc: Document;
  /** Plain data (see `toPlain`); null for an empty file. */
  value: unknown;
  diagnostics: Diagnostic[];
  /**
   * False when the file has YAML syntax errors or no content: its value may be
   * a fragment, so schema and semantic checks would only add confusing noise.
   */
  wellFormed: boolean;
}

/**
 * Parses YAML text, never throwing: every syntax error, parser warning and
 * duplicate key becomes a diagnostic with its range.
 */
export function parseYaml(
  file: string,
  text: string,
  isStringPosition: (path: SpecPath) => boolean,
): ParsedYaml {
  const doc = parseDocument(text, { uniqueKeys: false, prettyErrors: false, keepSourceTokens: false });
  const diagnostics: Diagnostic[] = [
    ...dropCascades(doc.errors, text).map((error) => toDiagnostic(file, 'YAML_SYNTAX', error)),
    ...doc.warnings.map((warning) => toDiagnostic(file, 'YAML_WARNING', warning)),
    ...findDuplicateKeys(doc, text, file),
  ];
  const syntaxOk = doc.errors.length === 0;
  const empty = doc.contents === null;
  if (syntaxOk && empty) {
    diagnostics.push(
      createDiagnostic('EMPTY_FILE', file, 'the file has no content', { range: { start: 0, end: 0 } }),
    );
  }
  const value = toPlain({ file, text, doc, isStringPosition, diagnostics }, doc.contents);
  return { file, text, doc, value, diagnostics, wellFormed: syntaxOk && !empty, ...createLocator(doc, text) };
}

/**
 * After one syntax error the parser often reports many more that are only its
 * consequences (once a `{` breaks, every later token is "unexpected in the stream").
 * Kept: the first error of each line; "unexpected ... at node end / in YAML stream" only if first.
 */
function dropCascades(errors: readonly YAMLError[], text: string): YAMLError[] {
  const lines = createLineIndex(text);
  const seenLines = new Set<number>();
  return errors.filter((error, index) => {
    if (index > 0 && /in YAML stream|at node end/.test(error.message)) return false;
    const line = lines.positionAt(error.pos[0]).line;
    if (seenLines.has(line)) return false;
    seenLines.add(line);
    return true;
  });
}

function toDiagnostic(file: string, code: 'YAML_SYNTAX' | 'YAML_WARNING', error: YAMLError): Diagnostic {
  const [start, end] = error.pos;
  return createDiagnostic(code, file, describeYamlError(error), {
    range: { start, end: Math.max(start, end) },
  });
}

/** The parser's message, with the few that confuse non-programmers reworded. */
function describeYamlError(error: YAMLError): string {
  switch (error.code) {
    case 'MULTIPLE_DOCS':
      return 'this file must hold one YAML document: remove the second `---` or move what follows to its own file';
    case 'TAB_AS_INDENT':
      return 'indent with spaces, not tabs';
    case 'UNEXPECTED_TOKEN':
    case 'BLOCK_AS_IMPLICIT_KEY':
      return `${stripPosition(error.message)} (put values containing { } [ ] , : or # in quotes)`;
    default:
      return stripPosition(error.message);
  }
}

function stripPosition(message: string): string {
  return message.replace(/ at line \d+, column \d+:?[\s\S]*$/, '');
}
