import { createDiagnostic } from '../../diagnostics/create-diagnostic';
import type { Diagnostic } from '../../diagnostics/diagnostic';
import { getOperandKind } from '../operators';
import { findSplitValue } from '../parse/find-split-value';
import type { ParsedYaml } from '../parse/parse-yaml';
import type { SpecPath } from '../spec';

/**
 * The schema's complaint about the key at `path` (an unknown key, or a key
 * with no value), when the key is really the end of the value before
 * it, cut off by a comma inside `{ }`: said as such, at the whole entry, with
 * the entry quoted as the suggestion (for a number operator with a decimal
 * comma, `lt: 0,35`, the number with a point). Undefined for any other key.
 */
export function describeSplitValue(parsed: ParsedYaml, path: SpecPath): Diagnostic | undefined {
  const key = path[path.length - 1];
  if (typeof key !== 'string') return undefined;
  const split = findSplitValue(parsed.doc, parsed.text, path.slice(0, -1), key);
  if (!split) return undefined;
  const range = { start: split.start, end: split.end };
  const written = `${split.key}: ${split.value}`;
  const cut = split.value.slice(0, split.value.indexOf(','));
  const keys = split.pieces.map((piece) => `'${piece}'`).join(', ');
  const read = `'${split.key}: ${cut}' and ${split.pieces.length === 1 ? 'a key' : 'keys'} ${keys}`;
  const decimal = /^[+-]?\d+,\d+$/.exec(split.value);
  if (decimal && getOperandKind(split.key) === 'number') {
    const suggestion = `${split.key}: ${split.value.replace(',', '.')}`;
    const message = `inside { }, a comma separates entries, so '${written}' was read as ${read}: a number is written with a decimal point`;
    return createDiagnostic('UNQUOTED_COMMA', parsed.file, message, { range, suggestion });
  }
  const suggestion = `${split.key}: ${JSON.stringify(split.value)}`;
  const message = `inside { }, a comma separates entries, so '${written}' was read as ${read}: put the value in quotes`;
  return createDiagnostic('UNQUOTED_COMMA', parsed.file, message, { range, suggestion });
}
