import { createDiagnostic } from '../../diagnostics/create-diagnostic';
import type { Diagnostic, Range, RelatedLocation } from '../../diagnostics/diagnostic';
import type { DiagnosticCode } from '../../diagnostics/codes';
import type { CatalogSpec } from '../catalog/catalog-spec';
import type { Locator } from '../parse/locate';

/**
 * What a semantic check is given. Checks also run on files the schema rejected
 * (so one run reports every problem), hence `root` is `unknown` and every check
 * reads it through the guards below, skipping what is malformed: the schema has
 * already reported that.
 */
export interface CheckContext extends Locator {
  file: string;
  root: unknown;
  catalog?: CatalogSpec | undefined;
  diagnostics: Diagnostic[];
  /** "Did you mean" searches left for this file (see `report`). */
  suggestionsLeft: number;
}

/** "Did you mean" searches per file: each compares a name with every candidate. */
export const SUGGESTIONS_PER_FILE = 200;

/**
 * Adds a diagnostic. A suggestion given as a function is searched for only while
 * the file's budget lasts: a file can misspell tens of thousands of names among
 * thousands of candidates, and the first few hundred suggestions are what helps.
 */
export function report(
  context: CheckContext,
  code: DiagnosticCode,
  message: string,
  range: Range | undefined,
  suggestion?: string | (() => string | undefined),
  related?: RelatedLocation,
): void {
  let suggested: string | undefined;
  if (typeof suggestion !== 'function') suggested = suggestion;
  else if (context.suggestionsLeft > 0) {
    context.suggestionsLeft--;
    suggested = suggestion();
  }
  context.diagnostics.push(
    createDiagnostic(code, context.file, message, { range, suggestion: suggested, related }),
  );
}

export type PlainRecord = Record<string, unknown>;

export function asRecord(value: unknown): PlainRecord | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as PlainRecord)
    : undefined;
}

export function asArray(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}

/** Own keys only: a YAML key named `constructor` is not an inherited method. */
export function hasOwn(record: PlainRecord | undefined, key: string): boolean {
  return record !== undefined && Object.hasOwn(record, key);
}
