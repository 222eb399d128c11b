import { createDiagnostic, suggestName, type Diagnostic } from '../../diagnostics';
import type { ParsedYaml } from '../../rules/parse';
import { listReasonsOf } from './decision-reasons';
import type { SandboxScenarioSpec } from './scenario-spec';

/**
 * The checks the schema cannot make: ids unique per kind, outcomes naming
 * persons and media of the file, reasons of the operation's own enum, one
 * consent state per person, and each IVR step an operation or a wait. Every problem is reported, with its range.
 */
export function checkReferences(parsed: ParsedYaml, spec: SandboxScenarioSpec): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const report = (
    code: Parameters<typeof createDiagnostic>[0],
    path: (string | number)[],
    message: string,
    suggestion?: string,
  ) =>
    diagnostics.push(
      createDiagnostic(code, parsed.file, message, { range: parsed.locate(path), suggestion }),
    );
  const personIds = collectIds('persons', spec.persons ?? [], report);
  const mediaIds = collectIds('media', spec.media ?? [], report);
  const recordings = (spec.recordings ?? []).map((r) => ({ ...r, id: r.recording_id }));
  collectIds('recordings', recordings, report, 'recording_id');
  recordings.forEach((recording, i) => {
    if (recording.media === undefined || mediaIds.has(recording.media)) return;
    const message = `no media segment of this file has the id '${recording.media}'`;
    report(
      'SANDBOX_UNKNOWN_ID',
      ['recordings', i, 'media'],
      message,
      suggestName(recording.media, [...mediaIds]),
    );
  });
  (spec.persons ?? []).forEach((person, i) => {
    if (person.opt_in !== undefined && person.opt_out !== undefined)
      report(
        'INVALID_VALUE',
        ['persons', i, 'opt_out'],
        `person '${person.id}' has both opt_in and opt_out; a person opted in, out, or neither`,
      );
  });
  (spec.outcomes ?? []).forEach((outcome, i) => {
    for (const [key, ids] of [
      ['media', mediaIds],
      ['person', personIds],
    ] as const) {
      const id = outcome[key];
      if (id === undefined || ids.has(id)) continue;
      const kind = key === 'media' ? 'media segment' : 'person';
      report(
        'SANDBOX_UNKNOWN_ID',
        ['outcomes', i, key],
        `no ${kind} of this file has the id '${id}'`,
        suggestName(id, [...ids]),
      );
    }
    const reasons = listReasonsOf(outcome.operation);
    if (outcome.reason !== undefined && !reasons.includes(outcome.reason))
      report(
        'INVALID_VALUE',
        ['outcomes', i, 'reason'],
        `'reason' of a ${outcome.operation} outcome must be one of ${reasons.join(', ')}, not "${outcome.reason}"`,
        suggestName(outcome.reason, reasons),
      );
  });
  (spec.ivr_steps ?? []).forEach((step, i) => {
    if ((step.operation === undefined) === (step.wait === undefined))
      report(
        'INVALID_VALUE',
        ['ivr_steps', i],
        step.operation === undefined
          ? 'an IVR step needs an operation (an IVRBot method) or a wait (such as 5s)'
          : 'an IVR step is an operation or a wait, not both',
      );
    else if (step.wait !== undefined && step.request !== undefined)
      report('INVALID_VALUE', ['ivr_steps', i, 'request'], 'a wait step takes no request');
  });
  return diagnostics;
}

function collectIds(
  key: 'persons' | 'media' | 'recordings',
  items: readonly { id: string }[],
  report: (code: 'SANDBOX_DUPLICATE_ID', path: (string | number)[], message: string) => void,
  idKey = 'id',
): Set<string> {
  const ids = new Set<string>();
  items.forEach((item, i) => {
    if (ids.has(item.id))
      report(
        'SANDBOX_DUPLICATE_ID',
        [key, i, idKey],
        `the id '${item.id}' is used by another entry of '${key}'`,
      );
    ids.add(item.id);
  });
  return ids;
}
