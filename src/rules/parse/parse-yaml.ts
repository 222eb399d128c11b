import { Composer, Document, Parser, YAMLParseError, type CST, type YAMLError } from 'yaml';
import { createDiagnostic } from '../../diagnostics/create-diagnostic';
import { createLineIndex } from '../../diagnostics/line-index';
import type { Diagnostic } from '../../diagnostics/diagnostic';
import { RULE_LIMITS } from '../limits';
import { formatCount } from '../../terminal/format-count';
import type { SpecPath } from '../spec';
import { findDuplicateKeys } from './find-duplicate-keys';
import { createLocator, type Locator } from './locate';
import { measureNesting } from './measure-nesting';
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
 * duplicate key becomes a diagnostic with its range. Collections nested deeper
 * than the limit are reported before the document is composed (composing recurses
 * per level), and the file is then left unparsed.
 */
export function parseYaml(
  file: string,
  text: string,
  isStringPosition: (path: SpecPath) => boolean,
): ParsedYaml {
  const tokens = parseTokens(text);
  const nesting = tokens && measureNesting(tokens, RULE_LIMITS.yamlDepth);
  if (!tokens || nesting?.firstBeyond !== undefined) {
    const limit = formatCount(RULE_LIMITS.yamlDepth);
    const depth = nesting ? formatCount(nesting.depth) : `far more than ${limit}`;
    const message = `mappings and lists are nested ${depth} levels deep; at most ${limit} are allowed`;
    const start = nesting?.firstBeyond ?? findDeepIndent(text, RULE_LIMITS.yamlDepth);
    return unparsed(
      file,
      text,
      createDiagnostic('YAML_TOO_DEEP', file, message, { range: { start, end: start + 1 } }),
    );
  }
  const doc = composeDocument(tokens, text);
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
  const plain = toPlain({ file, text, doc, isStringPosition, diagnostics }, doc.contents);
  const wellFormed = syntaxOk && !empty && plain.complete;
  return { file, text, doc, value: plain.value, diagnostics, wellFormed, ...createLocator(doc, text) };
}

/** A file left unparsed because of `diagnostic`: no value, no source positions. */
function unparsed(file: string, text: string, diagnostic: Diagnostic): ParsedYaml {
  const doc = new Document(null);
  return {
    file,
    text,
    doc,
    value: null,
    diagnostics: [diagnostic],
    wellFormed: false,
    ...createLocator(doc, text),
  };
}

/**
 * The concrete syntax tree, or undefined when the parser overflows the stack:
 * it closes block collections recursively, so a dedent out of tens of thousands
 * of compact levels (`- - - - ... x`) overflows it, whereas anything within
 * the depth limit uses a few hundred frames.
 */
function parseTokens(text: string): CST.Token[] | undefined {
  try {
    return Array.from(new Parser().parse(text));
  } catch (error) {
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}

/** Where to point when the parser overflowed: the first line indented (spaces, `- `, `? `) past `limit` columns. */
function findDeepIndent(text: string, limit: number): number {
  const deep = new RegExp(`^(?:[ ]|[-?] ){${limit},}`, 'm').exec(text);
  return deep ? deep.index + limit : 0;
}

/** What `parseDocument` does, from tokens already parsed: the first document, a second one reported. */
function composeDocument(tokens: readonly CST.Token[], text: string): Document.Parsed {
  const composer = new Composer({ uniqueKeys: false, keepSourceTokens: false });
  let doc: Document.Parsed | undefined;
  for (const next of composer.compose(tokens, true, text.length)) {
    if (!doc) doc = next;
    else {
      const message = 'Source contains multiple documents; please use YAML.parseAllDocuments()';
      doc.errors.push(new YAMLParseError([next.range[0], next.range[1]], 'MULTIPLE_DOCS', message));
      break;
    }
  }
  // compose(..., forceDoc = true) always yields a document, if only an empty one
  return doc!;
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
