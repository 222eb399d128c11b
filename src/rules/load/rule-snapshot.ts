import { createHash } from 'node:crypto';
import type { Diagnostic } from '../../diagnostics/diagnostic';

/** One file of a rule set as read: the path as shown to the user, and its text. */
export interface RuleSource {
  file: string;
  /**
   * Its path inside the pack (the directory given), or its base name when it was given by path: the
   * same wherever the pack is. Absent: `file` (texts that were never read from a directory).
   */
  relative?: string;
  text: string;
}

/**
 * A rule set as read from disk, before anything is parsed: what every loader
 * of it gets, whether it read the files itself or received them (the workers
 * of `serve --workers` get the primary's). Plain data: it travels as JSON.
 */
export interface RuleSnapshot {
  /** The catalog in use, when there is one and it could be read. */
  catalog?: RuleSource;
  /** The rule files read, in load order. */
  ruleFiles: RuleSource[];
  /** Problems met finding and reading the files: missing or unreadable paths, catalogs ignored. */
  diagnostics: Diagnostic[];
}

/**
 * The revision of a rule set: SHA-256 (hex) of its files, sorted by path, each
 * with its role (catalog or rules), path inside the pack and text. Equal texts
 * under equal paths give equal revisions, whoever read them, in whichever order
 * and from wherever: the same pack deployed under two directories is one rule set.
 */
export function computeRuleRevision(snapshot: RuleSnapshot): string {
  const files = [
    ...(snapshot.catalog === undefined ? [] : [['catalog', snapshot.catalog] as const]),
    ...snapshot.ruleFiles.map((source) => ['rules', source] as const),
  ].map(([role, { file, relative, text }]) => [role, relative ?? file, text]);
  files.sort(([, a], [, b]) => (a! < b! ? -1 : a! > b! ? 1 : 0));
  return createHash('sha256').update(JSON.stringify(files)).digest('hex');
}
