import { GLOB_LIMITS } from '../glob/glob-syntax';

/**
 * The bounds on what rule files may hold, so that no file can stall or crash
 * `validate` or `serve`: each is checked, and reported as a diagnostic, before
 * the stage it protects runs (reading, composing the YAML, walking conditions,
 * compiling, building plans). The defaults are far above what real rule packs
 * use (the example packs: files under 8 KB of at most 6 rules, conditions 4
 * levels deep, templates of 115 characters with 2 placeholders; the benchmarks
 * load 10,000 rules). docs/rules.md ("Limits") lists them for authors.
 */
export const RULE_LIMITS = {
  /** Bytes of one file read by the loader (rule file, catalog, scenario file). */
  fileBytes: 1_048_576,
  /**
   * Milliseconds one file's read may take (rule file, catalog, scenario file), from its `stat` to its last
   * byte: a stalled network or FUSE mount would otherwise hold a reload, or `validate`, for good.
   */
  readMs: 5_000,
  /** Rule files loaded together: counted while directories are listed, so a huge tree is not walked to its end. */
  files: 10_000,
  /** Bytes of all the rule files loaded together: counted while they are read, so no more is read past it. */
  totalBytes: 67_108_864,
  /**
   * Nested YAML collections (mappings and lists, aliases expanded). Deep enough
   * for conditions nested `conditionDepth` levels in block style (two YAML levels each).
   */
  yamlDepth: 256,
  /** Uses of aliases (`*name`) followed while converting one file, nested ones included. */
  aliasUses: 10_000,
  /** Values (mappings, lists, texts, numbers...) that aliases add to one file's data. */
  aliasValues: 100_000,
  /** all / any / not levels of one condition, named conditions (`ref`) followed. */
  conditionDepth: 64,
  /** Conditions and leaves of one condition, each `ref` counted with its named condition's size. */
  conditionSize: 10_000,
  /** Characters of one template (`set` value or operation parameter). */
  templateLength: 16_384,
  /** `${...}` placeholders of one template. */
  templatePlaceholders: 256,
  /** Rules of one rule file. */
  rulesPerFile: 10_000,
  /** Rules of all the files loaded together. */
  rulesTotal: 50_000,
  /** Size of one `regex` operand (see regex-size.ts): bounds its compile and its cost per character matched. */
  regexSize: 1_000,
  /** Sizes of all `regex` operands of all the files loaded together: bounds compile time and memory. */
  regexTotalSize: 100_000,
  /** Characters of one glob (`matches`, `on`, `changed`, catalog `variables`): bounds its cost per character matched. */
  globLength: GLOB_LIMITS.length,
  /** Braces nested in braces in one glob. */
  globBraceDepth: GLOB_LIMITS.braceDepth,
} as const;

export type RuleLimit = keyof typeof RULE_LIMITS;
