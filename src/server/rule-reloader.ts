import { toJsonDiagnostics, type JsonDiagnostic } from '../diagnostics/format-json';
import type { Logger } from '../observability/logger';
import { loadRuleBookFromSnapshot } from '../rules/book/load-rule-book';
import type { RuleBook } from '../rules/compile/rule-book';
import { readRuleSnapshot } from '../rules/load/read-rule-snapshot';
import { shortenRevision } from '../contract/rule-revision';
import type { RuleSnapshot } from '../rules/load/rule-snapshot';
import { boundReloadOthers } from './bound-reload-others';

/** What asked for a reload: a change of the rule files, SIGHUP, or `POST /admin/reload`. */
export type ReloadTrigger = 'watch' | 'signal' | 'admin';

/**
 * What a reload did. `refused`: the new rule set has errors (listed), and the
 * last good one (`revision`) keeps serving. `unchanged`: the files read give the
 * revision already served.
 */
export interface ReloadReport {
  result: 'reloaded' | 'unchanged' | 'refused';
  /** The revision served after the reload. */
  revision: string;
  /** The revision served before it. */
  previous: string;
  /** Errors and warnings of the rule set read (empty when it has none). */
  diagnostics: JsonDiagnostic[];
}

/** A rule set read and compiled, ready to be put in service. */
export interface ReloadedRules {
  book: RuleBook;
  revision: string;
  snapshot: RuleSnapshot;
}

export interface RuleReloaderOptions {
  rulesPath: string;
  catalog: string | undefined;
  cwd: string;
  /** The revision served at start. */
  revision: string;
  /** Puts a validated rule set in service; called only for a rule set without errors. */
  apply(rules: ReloadedRules): void;
  logger: Logger;
  /** Counts each reload by its result. */
  onReport?(report: ReloadReport, trigger: ReloadTrigger): void;
  /**
   * Re-reads what a reload re-reads besides the rules (the tokens file), whatever the rules' result; it
   * keeps what it had on a failure and logs it itself. A reload waits for it RELOAD_OTHERS_MS at most.
   */
  reloadOthers?(): Promise<void>;
}

/**
 * Reloads the rules from disk with last-good semantics: the complete new rule
 * set (catalog included) is read and validated first, and only a rule set
 * without errors replaces the one served; otherwise its diagnostics are logged
 * and nothing changes. One reload runs at a time: a request during a reload
 * waits for one more reload after it (which reads the files as they are
 * then), so a burst of edits costs at most two reads. Every read a reload
 * makes is bounded in time (RULE_LIMITS.readMs, RELOAD_OTHERS_MS), so a
 * reload always ends, and a failed one never holds the next.
 */
export class RuleReloader {
  private current: string;
  /** The revision of the last files refused, while no other files were read since. */
  private lastRefused: string | undefined;
  private running: Promise<ReloadReport> | undefined;
  private queued: Promise<ReloadReport> | undefined;
  private readonly reloadOthers: (() => Promise<void>) | undefined;

  constructor(private readonly options: RuleReloaderOptions) {
    this.current = options.revision;
    const { reloadOthers, logger } = options;
    this.reloadOthers = reloadOthers === undefined ? undefined : boundReloadOthers(reloadOthers, logger);
  }

  get revision(): string {
    return this.current;
  }

  reload(trigger: ReloadTrigger): Promise<ReloadReport> {
    if (this.running === undefined) return (this.running = this.runOnce(trigger));
    const next = (): Promise<ReloadReport> => {
      this.queued = undefined;
      return (this.running = this.runOnce(trigger));
    };
    this.queued ??= this.running.then(next, next);
    return this.queued;
  }

  /** `reload` for callers that do not wait (a file change, SIGHUP): an unexpected failure is logged, never thrown. */
  reloadInBackground(trigger: ReloadTrigger): void {
    this.reload(trigger).catch((error: unknown) =>
      this.options.logger.error('rules reload failed; the last good rule set keeps serving', {
        trigger,
        error: String((error as Error)?.stack ?? error),
      }),
    );
  }

  private async runOnce(trigger: ReloadTrigger): Promise<ReloadReport> {
    try {
      const { report, refusedRevision } = await this.readAndApply();
      await this.reloadOthers?.();
      // The same broken files read again (an editor's save seen as two changes, a SIGHUP before the fix):
      // one error line and one count per broken rule set, however often it is read.
      const repeated = refusedRevision !== undefined && refusedRevision === this.lastRefused;
      this.lastRefused = refusedRevision;
      this.log(report, trigger, repeated);
      if (!repeated) this.options.onReport?.(report, trigger);
      return report;
    } finally {
      this.running = undefined;
    }
  }

  /** The report, and for a refusal the revision of the files refused. */
  private async readAndApply(): Promise<{ report: ReloadReport; refusedRevision?: string }> {
    const { rulesPath, catalog, cwd } = this.options;
    const previous = this.current;
    const snapshot = await readRuleSnapshot([rulesPath], catalog === undefined ? { cwd } : { cwd, catalog });
    const loaded = loadRuleBookFromSnapshot(snapshot);
    const diagnostics = toJsonDiagnostics(loaded.load.diagnostics, loaded.load.sources);
    const revision = loaded.load.revision;
    if (!loaded.ok)
      return {
        report: { result: 'refused', revision: previous, previous, diagnostics },
        refusedRevision: revision,
      };
    if (revision === previous) return { report: { result: 'unchanged', revision, previous, diagnostics } };
    this.options.apply({ book: loaded.book, revision, snapshot });
    this.current = revision;
    return { report: { result: 'reloaded', revision, previous, diagnostics } };
  }

  private log(report: ReloadReport, trigger: ReloadTrigger, repeated: boolean): void {
    const fields = {
      trigger,
      revision: shortenRevision(report.revision),
      previous: shortenRevision(report.previous),
    };
    if (repeated)
      this.options.logger.debug('rules reload refused again: the files are as last refused', fields);
    else if (report.result === 'refused')
      this.options.logger.error('rules reload refused; the last good rule set keeps serving', {
        ...fields,
        diagnostics: report.diagnostics,
      });
    else if (report.result === 'reloaded') this.options.logger.info('rules reloaded', fields);
    else this.options.logger.debug('rules reload: nothing changed', fields);
  }
}
