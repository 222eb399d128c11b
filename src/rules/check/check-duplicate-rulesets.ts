import { createDiagnostic, type Diagnostic } from '../../diagnostics';
import type { Locator } from '../parse';
import { asRecord } from './check-context';

/** One parsed rule file, as far as the cross-file check needs it. */
export interface RulesetFile extends Pick<Locator, 'locate'> {
  file: string;
  root: unknown;
}

/** Ruleset names are unique across all loaded files; every later file using a name is reported. */
export function checkDuplicateRulesets(files: readonly RulesetFile[]): Diagnostic[] {
  const firstFile = new Map<string, string>();
  const diagnostics: Diagnostic[] = [];
  for (const entry of files) {
    const name = asRecord(entry.root)?.ruleset;
    if (typeof name !== 'string') continue;
    const first = firstFile.get(name);
    if (first === undefined) {
      firstFile.set(name, entry.file);
      continue;
    }
    const where = first === entry.file ? 'this file' : first;
    const message = `the ruleset '${name}' is already defined in ${where}; ruleset names must be unique across all loaded files`;
    diagnostics.push(
      createDiagnostic('DUPLICATE_RULESET', entry.file, message, { range: entry.locate(['ruleset']) }),
    );
  }
  return diagnostics;
}
