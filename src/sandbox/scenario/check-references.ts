import { createDiagnostic } from '../../diagnostics/create-diagnostic';
import { suggestName } from '../../diagnostics/did-you-mean';
import type { Diagnostic } from '../../diagnostics/diagnostic';
import type { ParsedYaml } from '../../rules/parse/parse-yaml';
import { listReasonsOf } from './decision-reasons';
import { isRecord, listEntries, readText, type CheckableEntry } from './read-checkable';
import { OUTCOME_OPERATIONS } from './scenario-spec';

type Report = (
  code: 'SANDBOX_UNKNOWN_ID' | 'SANDBOX_DUPLICATE_ID' | 'INVALID_VALUE',
  path: (string | number)[],
  message: string,
  suggestion?: string,
) => void;

const OPERATIONS: ReadonlySet<string> = new Set(OUTCOME_OPERATIONS);

/**
 * The checks the schema cannot make: ids unique per kind, outcomes naming
 * persons and media of the file, reasons of the operation's own enum, one
 * consent state per person, and each IVR step an operation or a wait. Every problem is reported, with its
 * range. They run on `root` whatever the schema said of it, skipping what is malformed (an entry that is
 * not an object, an id that is not text, an unknown operation): the schema reports those.
 */
export function checkReferences(parsed: ParsedYaml, root: unknown): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const report: Report = (code, path, message, suggestion) =>
    diagnostics.push(
      createDiagnostic(code, parsed.file, message, { range: parsed.locate(path), suggestion }),
    );
  const personIds = collectIds(root, 'persons', 'id', report);
  const mediaIds = collectIds(root, 'media', 'id', report);
  collectIds(root, 'recordings', 'recording_id', report);
  for (const { index, item } of listEntries(root, 'recordings')) {
    const media = readText(item, 'media');
    if (media === undefined || mediaIds.has(media)) continue;
    const message = `no media segment of this file has the id '${media}'`;
    report('SANDBOX_UNKNOWN_ID', ['recordings', index, 'media'], message, suggestName(media, [...mediaIds]));
  }
  for (const { index, item } of listEntries(root, 'persons'))
    if (isRecord(item.opt_in) && isRecord(item.opt_out))
      report(
        'INVALID_VALUE',
        ['persons', index, 'opt_out'],
        `person '${String(item.id)}' has both opt_in and opt_out; a person opted in, out, or neither`,
      );
  for (const entry of listEntries(root, 'outcomes')) checkOutcome(entry, { mediaIds, personIds }, report);
  for (const { index, item } of listEntries(root, 'ivr_steps')) {
    if ((item.operation === undefined) === (item.wait === undefined))
      report(
        'INVALID_VALUE',
        ['ivr_steps', index],
        item.operation === undefined
          ? 'an IVR step needs an operation (an IVRBot method) or a wait (such as 5s)'
          : 'an IVR step is an operation or a wait, not both',
      );
    else if (item.wait !== undefined && item.request !== undefined)
      report('INVALID_VALUE', ['ivr_steps', index, 'request'], 'a wait step takes no request');
    else if (item.wait !== undefined && item.expect_status !== undefined)
      report('INVALID_VALUE', ['ivr_steps', index, 'expect_status'], 'a wait step answers no status');
  }
  return diagnostics;
}

function checkOutcome(
  { index, item }: CheckableEntry,
  ids: { mediaIds: Set<string>; personIds: Set<string> },
  report: Report,
): void {
  for (const [key, known] of [
    ['media', ids.mediaIds],
    ['person', ids.personIds],
  ] as const) {
    const id = readText(item, key);
    if (id === undefined || known.has(id)) continue;
    const kind = key === 'media' ? 'media segment' : 'person';
    report(
      'SANDBOX_UNKNOWN_ID',
      ['outcomes', index, key],
      `no ${kind} of this file has the id '${id}'`,
      suggestName(id, [...known]),
    );
  }
  const operation = readText(item, 'operation');
  const reason = readText(item, 'reason');
  if (operation === undefined || !OPERATIONS.has(operation) || reason === undefined) return;
  const reasons = listReasonsOf(operation);
  if (!reasons.includes(reason))
    report(
      'INVALID_VALUE',
      ['outcomes', index, 'reason'],
      `'reason' of a ${operation} outcome must be one of ${reasons.join(', ')}, not "${reason}"`,
      suggestName(reason, reasons),
    );
}

/** The text ids of the entries of `key` (others are the schema's to report); a repeated one is reported. */
function collectIds(root: unknown, key: string, idKey: string, report: Report): Set<string> {
  const ids = new Set<string>();
  for (const { index, item } of listEntries(root, key)) {
    const id = readText(item, idKey);
    if (id === undefined) continue;
    if (ids.has(id))
      report(
        'SANDBOX_DUPLICATE_ID',
        [key, index, idKey],
        `the id '${id}' is used by another entry of '${key}'`,
      );
    ids.add(id);
  }
  return ids;
}
