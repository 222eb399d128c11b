import type { WebhookCore } from '../hosts/core';
import type { Logger } from '../observability/logger';
import type { EventProcessor } from '../processor/event-processor';
import { loadRuleBookFromSnapshot } from '../rules/book/load-rule-book';
import type { RuleBook } from '../rules/compile/rule-book';
import { shortenRevision } from '../contract/rule-revision';
import { countReloads } from './reload-metrics';
import { RuleReloader, type ReloadReport, type ReloadTrigger } from './rule-reloader';
import { watchedPaths } from './serve-workers';
import { watchRules } from './watch-rules';
import { followPrimaryReloads, requestReloadFromPrimary } from './worker-reload';

export interface ServeReloadSettings {
  rules: string;
  catalog: string | undefined;
  cwd: string;
  /** A worker of `serve --workers` follows its primary's rules; a process of its own reads its files. */
  worker: boolean;
  /** Reload when the rule files change. */
  watch: boolean;
  /** The revision served at start. */
  revision: string;
  /** Builds the processor of a reloaded rule set (same store and settings as the first). */
  createProcessor(book: RuleBook): EventProcessor;
  logger: Logger;
  /** Dispatches `reload` events (the CLI: on SIGHUP). */
  reloads?: EventTarget | undefined;
  /** Re-reads, at each reload, the files it re-reads besides the rules (the tokens file); logs its failures. */
  reloadOthers?(): Promise<void>;
  onReload?(report: ReloadReport, trigger: ReloadTrigger): void;
}

/**
 * Makes a serving process reload its rules on a change of the files, a
 * `reload` event (SIGHUP) and `POST /admin/reload`. A process of its own reads
 * and validates the files itself; a worker of `serve --workers` asks its
 * primary, and serves each rule set the primary sends. Either way a rule set
 * replaces the served one only whole and valid, through `setProcessor`, so an
 * event in flight finishes on the rules it started with. Returns the function
 * that stops watching.
 */
export async function startServeReloads(
  core: WebhookCore,
  settings: ServeReloadSettings,
): Promise<() => Promise<void>> {
  if (settings.worker) return followPrimary(core, settings);
  const countReload = countReloads(core.metrics);
  const reloader = new RuleReloader({
    rulesPath: settings.rules,
    catalog: settings.catalog,
    cwd: settings.cwd,
    revision: settings.revision,
    logger: settings.logger,
    apply: (rules) => core.setProcessor(settings.createProcessor(rules.book), rules.revision),
    onReport: (report, trigger) => {
      countReload(report, trigger);
      settings.onReload?.(report, trigger);
    },
    ...(settings.reloadOthers === undefined ? {} : { reloadOthers: settings.reloadOthers }),
  });
  core.rulesReload = () => reloader.reload('admin').then(toAdminReport);
  const onSignal = (): void => reloader.reloadInBackground('signal');
  settings.reloads?.addEventListener('reload', onSignal);
  const watch = settings.watch
    ? await watchRules(watchedPaths(settings), () => reloader.reloadInBackground('watch'), settings.logger)
    : undefined;
  return async () => {
    settings.reloads?.removeEventListener('reload', onSignal);
    await watch?.close();
  };
}

function followPrimary(core: WebhookCore, settings: ServeReloadSettings): () => Promise<void> {
  const stopFollowing = followPrimaryReloads(
    (message) => {
      const loaded = loadRuleBookFromSnapshot(message.snapshot);
      // The primary sends only rule sets it validated; a refusal here means the two builds differ.
      if (!loaded.ok) {
        settings.logger.error('rules from the primary refused; the last good rule set keeps serving', {
          revision: message.revision,
        });
        return;
      }
      core.setProcessor(settings.createProcessor(loaded.book), loaded.load.revision);
    },
    () => void settings.reloadOthers?.(),
  );
  core.rulesReload = () => requestReloadFromPrimary('admin').then(toAdminReport);
  const onSignal = (): void => void requestReloadFromPrimary('signal').catch(() => undefined);
  settings.reloads?.addEventListener('reload', onSignal);
  return () => {
    stopFollowing();
    settings.reloads?.removeEventListener('reload', onSignal);
    return Promise.resolve();
  };
}

/** What `POST /admin/reload` answers: the report, with its revisions shown as everywhere else (12 digits). */
function toAdminReport(report: ReloadReport): ReloadReport {
  return {
    ...report,
    revision: shortenRevision(report.revision),
    previous: shortenRevision(report.previous),
  };
}
