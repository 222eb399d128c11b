import type { RuleSource } from './rule-snapshot';

/**
 * `files` with `added` where a directory's load would put a file of its name: before the first file whose
 * path inside the pack sorts after it (directories load their files in that order). A file added to a rule
 * set without being written answers in the order it will once written.
 */
export function insertRuleFile(files: readonly RuleSource[], added: RuleSource): RuleSource[] {
  const name = added.relative ?? added.file;
  const at = files.findIndex((f) => (f.relative ?? f.file) > name);
  return at < 0 ? [...files, added] : [...files.slice(0, at), added, ...files.slice(at)];
}
