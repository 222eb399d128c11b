import { createDiagnostic } from '../../diagnostics/create-diagnostic';
import type { Diagnostic } from '../../diagnostics/diagnostic';
import type { ParsedYaml } from '../../rules/parse/parse-yaml';
import { normalizeDateTime, parseDateTime } from './parse-date-time';
import { isRecord, listEntries } from './read-checkable';
import type { PersonSpec } from './scenario-spec';

/** The timestamps of a person: the field holding them, and their keys in it. */
const TIMESTAMPS = [
  ['opt_in', ['at']],
  ['opt_out', ['at', 'offer_opt_in_at']],
  ['lock', ['at']],
] as const;

/**
 * Every timestamp of `persons` must be an RFC 3339 date-time: GetPersonStatus answers them as
 * `google.protobuf.Timestamp`, and the sandbox compares `offer_opt_in_at` with its clock. Text only: a
 * value of another type is the schema's to report.
 */
export function checkPersonTimes(parsed: ParsedYaml, root: unknown): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const { index, item } of listEntries(root, 'persons'))
    for (const [field, keys] of TIMESTAMPS) {
      const holder = item[field];
      if (!isRecord(holder)) continue;
      for (const key of keys) {
        const value = holder[key];
        if (typeof value !== 'string' || parseDateTime(value) !== undefined) continue;
        const who = typeof item.id === 'string' ? `person '${item.id}'` : 'a person';
        const message = `${who}: ${field}.${key} "${value}" is not an RFC 3339 date-time, such as 2026-01-15T09:30:00Z`;
        const range = parsed.locate(['persons', index, field, key]);
        diagnostics.push(createDiagnostic('INVALID_VALUE', parsed.file, message, { range }));
      }
    }
  return diagnostics;
}

/** A checked person with its timestamps in the canonical form, so that HTTP and gRPC answer the same text. */
export function normalizePersonTimes(person: PersonSpec): PersonSpec {
  const copy = structuredClone(person);
  if (copy.opt_in !== undefined) copy.opt_in.at = normalizeDateTime(copy.opt_in.at);
  if (copy.opt_out !== undefined) {
    copy.opt_out.at = normalizeDateTime(copy.opt_out.at);
    copy.opt_out.offer_opt_in_at = normalizeDateTime(copy.opt_out.offer_opt_in_at);
  }
  if (copy.lock?.at !== undefined) copy.lock.at = normalizeDateTime(copy.lock.at);
  return copy;
}
