import { createDiagnostic } from '../../diagnostics/create-diagnostic';
import type { Diagnostic } from '../../diagnostics/diagnostic';
import type { ParsedYaml } from '../../rules/parse/parse-yaml';
import { coversIdPattern, isIdPattern } from './id-pattern';
import { listEntries, readText } from './read-checkable';

/**
 * A `recording_id` pattern no id can reach: an earlier pattern matches every id it matches, and the first
 * matching pattern wins (an exact id is looked up before any pattern, so it is never shadowed). A warning:
 * the scenario still works, but the entry is dead, and was surely meant otherwise. A pattern written twice
 * is the duplicate-id check's.
 */
export function checkRecordingPatterns(parsed: ParsedYaml, root: unknown): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const earlier: { pattern: string; index: number }[] = [];
  for (const { index, item } of listEntries(root, 'recordings')) {
    const pattern = readText(item, 'recording_id');
    if (pattern === undefined || !isIdPattern(pattern)) continue;
    const cover = earlier.find((e) => e.pattern !== pattern && coversIdPattern(e.pattern, pattern));
    if (cover === undefined) earlier.push({ pattern, index });
    else {
      const what = cover.pattern === '*' ? 'every id' : 'every id it matches';
      const message = `no recording id ever reaches '${pattern}': the earlier '${cover.pattern}' matches ${what}, and the first match wins; move it above '${cover.pattern}'`;
      const where = ['recordings', cover.index, 'recording_id'];
      const range = parsed.locate(where);
      diagnostics.push(
        createDiagnostic('SANDBOX_UNREACHABLE_RECORDING', parsed.file, message, {
          range: parsed.locate(['recordings', index, 'recording_id']),
          ...(range === undefined
            ? {}
            : { related: { file: parsed.file, range, message: `'${cover.pattern}' is here` } }),
        }),
      );
    }
  }
  return diagnostics;
}
