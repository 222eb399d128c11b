import path from 'node:path';
import { isRuleFileName } from '../../rules/load/find-rule-files';
import { createLoadCache } from '../../rules/load/load-cache';
import { loadRuleSnapshot, type LoadResult } from '../../rules/load/load-rule-snapshot';
import { insertRuleFile } from '../../rules/load/insert-rule-file';
import { readRuleSnapshot } from '../../rules/load/read-rule-snapshot';
import type { RuleSnapshot, RuleSource } from '../../rules/load/rule-snapshot';

/** What a rule pack is loaded from: paths (directories or files) and a catalog, shown relative to `cwd`. */
export interface PackSource {
  cwd: string;
  paths: readonly string[];
  catalog?: string;
}

/**
 * A rule pack as the editor sees it: the files `rulehook validate PATHS` would
 * read, with the texts of open documents in place of the saved ones. The files
 * on disk are listed and read once, then again only after `forgetDisk` (a file
 * of the pack was created, deleted or saved); each check re-parses only the
 * files whose text changed (the load cache), then runs the checks across files.
 */
export class RulePack {
  private readonly cache = createLoadCache();
  private disk: Promise<RuleSnapshot> | undefined;
  private last: LoadResult | undefined;
  private catalogText: string | undefined;

  constructor(readonly source: PackSource) {}

  /** Absolute path of a file as a diagnostic names it. */
  absoluteOf(file: string): string {
    return path.resolve(this.source.cwd, file);
  }

  forgetDisk(): void {
    this.disk = undefined;
  }

  /** The last check's result, if any. */
  get lastResult(): LoadResult | undefined {
    return this.last;
  }

  /** The text of the catalog in use at the last check (even when it has errors), if there is one. */
  get lastCatalogText(): string | undefined {
    return this.catalogText;
  }

  /** Loads the pack with `open` (absolute path to text) over the files on disk. */
  async check(open: ReadonlyMap<string, string>): Promise<LoadResult> {
    const { cwd, paths, catalog } = this.source;
    this.disk ??= readRuleSnapshot(paths, catalog === undefined ? { cwd } : { cwd, catalog });
    const disk = await this.disk;
    const overlay = <T extends { file: string; text: string }>(source: T): T => {
      const text = open.get(this.absoluteOf(source.file));
      return text === undefined ? source : { ...source, text };
    };
    const snapshot: RuleSnapshot = {
      ruleFiles: this.addUnsaved(disk.ruleFiles.map(overlay), open),
      diagnostics: disk.diagnostics,
      ...(disk.catalog === undefined ? {} : { catalog: overlay(disk.catalog) }),
    };
    this.catalogText = snapshot.catalog?.text;
    this.last = loadRuleSnapshot(snapshot, this.cache);
    return this.last;
  }

  /**
   * Open rule files under the pack's directory that are not on disk yet (a new
   * buffer not saved), in the lexical order `validate` would load them in once saved.
   */
  private addUnsaved(listed: RuleSource[], open: ReadonlyMap<string, string>): RuleSource[] {
    const { cwd, paths, catalog } = this.source;
    if (paths.length !== 1 || catalog !== undefined) return listed;
    const root = this.absoluteOf(paths[0]!);
    const known = new Set(listed.map((source) => this.absoluteOf(source.file)));
    const added: RuleSource[] = [];
    for (const [absolute, text] of open) {
      const relative = path.relative(root, absolute).split(path.sep);
      const hidden = relative.some((part) => part.startsWith('.'));
      if (known.has(absolute) || relative[0] === '..' || hidden || !isRuleFileName(relative.at(-1)!))
        continue;
      const file = path.relative(cwd, absolute).split(path.sep).join('/');
      added.push({ file, relative: relative.join('/'), text });
    }
    return added.reduce(insertRuleFile, listed);
  }
}
