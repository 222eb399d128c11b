import { createDiagnostic } from '../../diagnostics/create-diagnostic';
import type { Diagnostic } from '../../diagnostics/diagnostic';
import { compileGlob } from '../../glob/compile-glob';
import type { ParsedYaml } from '../parse/parse-yaml';
import { compileRegex } from '../regex';
import type { AllowedValue, VariableDeclaration, VariableKind } from './catalog-spec';

type Raw = Record<string, unknown>;

const isRecord = (value: unknown): value is Raw =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The catalog's `variables` in the normalized form every reader uses: the names and globs of either form
 * (a list, or the keys of a mapping), and with the mapping form, every entry's declaration (an empty one
 * too: a name declared on its own is not ruled by a glob's declaration). Run on a schema-valid file only.
 */
export function normalizeVariables(raw: unknown): {
  variables: string[];
  declarations?: VariableDeclaration[];
} {
  if (Array.isArray(raw)) return { variables: raw.map(String) };
  const entries = Object.entries(isRecord(raw) ? raw : {});
  const declarations = entries.map(([name, details]) =>
    toDeclaration(name, isRecord(details) ? details : {}),
  );
  return { variables: entries.map(([name]) => name), declarations };
}

function toDeclaration(name: string, details: Raw): VariableDeclaration {
  const declaration: VariableDeclaration = { name };
  const { kind, values, pattern, description } = details;
  if (typeof kind === 'string') declaration.kind = kind as VariableKind;
  else if (values !== undefined || pattern !== undefined) declaration.kind = 'text';
  if (values !== undefined) declaration.values = toAllowedValues(values);
  if (typeof pattern === 'string') declaration.pattern = pattern;
  if (typeof description === 'string' && description.trim() !== '') declaration.description = description;
  return declaration;
}

function toAllowedValues(values: unknown): AllowedValue[] {
  if (Array.isArray(values)) return values.map((value) => ({ value: String(value) }));
  return Object.entries(isRecord(values) ? values : {}).map(([value, description]) =>
    typeof description === 'string' && description.trim() !== '' ? { value, description } : { value },
  );
}

/**
 * What the schema cannot say of `variables`: globs that do not compile (GLOB_UNSUPPORTED,
 * GLOB_TOO_LARGE), and in declarations, patterns that do not compile (the `regex` codes) and
 * `values` or `pattern` given to a variable that is not text, or both at once (INVALID_VALUE).
 */
export function checkVariableDeclarations(file: string, parsed: ParsedYaml): Diagnostic[] {
  const variables = (parsed.value as { variables?: unknown } | null)?.variables;
  if (Array.isArray(variables))
    return variables.flatMap((pattern: unknown, index) =>
      typeof pattern === 'string' ? checkGlob(file, parsed, pattern, ['variables', index], false) : [],
    );
  if (!isRecord(variables)) return [];
  return Object.entries(variables).flatMap(([name, details]) => [
    ...checkGlob(file, parsed, name, ['variables', name], true),
    ...(isRecord(details) ? checkDeclaration(file, parsed, name, details) : []),
  ]);
}

function checkGlob(
  file: string,
  parsed: ParsedYaml,
  pattern: string,
  path: (string | number)[],
  isKey: boolean,
): Diagnostic[] {
  const compiled = compileGlob(pattern);
  if (compiled.ok) return [];
  let range = parsed.locateWithin(path, compiled.at.start, compiled.at.end);
  if (isKey) {
    // A key is underlined where the construct is when written as it reads (plain, or quoted without
    // escapes), else as a whole.
    const key = parsed.locateKey(path);
    const written = key && parsed.text.slice(key.start, key.end);
    const quoted = written !== undefined && /^(["']).*\1$/.test(written) ? 1 : 0;
    const literal = written?.slice(quoted, written.length - quoted) === pattern;
    const start = (key?.start ?? 0) + quoted;
    range = literal ? { start: start + compiled.at.start, end: start + compiled.at.end } : key;
  }
  return [createDiagnostic(compiled.code, file, compiled.message, { range })];
}

/** The kinds that are not text, as a message says a variable is declared. */
const NOT_TEXT = new Map([
  ['number', 'as a number'],
  ['yes-no', 'as yes/no (true or false)'],
]);

function checkDeclaration(file: string, parsed: ParsedYaml, name: string, details: Raw): Diagnostic[] {
  const out: Diagnostic[] = [];
  const at = ['variables', name];
  const kind = typeof details.kind === 'string' ? details.kind : 'text';
  const declared = NOT_TEXT.get(kind);
  for (const key of ['values', 'pattern'] as const) {
    if (details[key] === undefined || declared === undefined) continue;
    const message = `'${key}' is for text variables, and '${name}' is declared ${declared}: remove '${key}', or make its kind text`;
    out.push(createDiagnostic('INVALID_VALUE', file, message, { range: parsed.locateKey([...at, key]) }));
  }
  if (details.values !== undefined && details.pattern !== undefined && kind === 'text') {
    const message = `'${name}' has both 'values' and 'pattern': its values already say what it may hold; keep one of them`;
    out.push(
      createDiagnostic('INVALID_VALUE', file, message, { range: parsed.locateKey([...at, 'pattern']) }),
    );
  }
  if (typeof details.pattern === 'string') {
    const compiled = compileRegex(details.pattern);
    if (!compiled.ok) {
      const path = [...at, 'pattern'];
      const range = compiled.at
        ? parsed.locateWithin(path, compiled.at.start, compiled.at.end)
        : parsed.locate(path);
      const message = `the pattern of '${name}': ${compiled.message}`;
      out.push(createDiagnostic(compiled.code, file, message, { range }));
    }
  }
  return out;
}
