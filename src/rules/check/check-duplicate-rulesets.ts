import { createDiagnostic } from '../../diagnostics/create-diagnostic';
import type { Diagnostic, RelatedLocation } from '../../diagnostics/diagnostic';
import type { Locator } from '../parse/locate';
import { asRecord } from './check-context';

/** One parsed rule file, as far as the cross-file check needs it. */
export interface RulesetFile extends Pick<Locator, 'locate'> {
  file: string;
  root: unknown;
}

function relate(first: RulesetFile): RelatedLocation | undefined {
  const range = first.locate(['ruleset']);
  return range && { file: first.file, range, message: 'first defined here' };
}

/** Ruleset names are unique across all loaded files; every later file using a name is reported. */
export function checkDuplicateRulesets(files: readonly RulesetFile[]): Diagnostic[] {
  const firstFile = new Map<string, RulesetFile>();
  const diagnostics: Diagnostic[] = [];
  for (const entry of files) {
    const name = asRecord(entry.root)?.ruleset;
    if (typeof name !== 'string') continue;
    const first = firstFile.get(name);
    if (first === undefined) {
      firstFile.set(name, entry);
      continue;
    }
    const where = first.file === entry.file ? 'this file' : first.file;
    const message = `the ruleset '${name}' is already defined in ${where}; ruleset names must be unique across all loaded files`;
    diagnostics.push(
      createDiagnostic('DUPLICATE_RULESET', entry.file, message, {
        range: entry.locate(['ruleset']),
        related: relate(first),
      }),
    );
  }
  return diagnostics;
}
