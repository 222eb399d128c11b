import type { RulesReload } from '../hosts/rules-reload';
import type { Logger } from '../observability/logger';
import type { Metrics } from '../observability/metrics';
import { loadRuleBookFromSnapshot } from '../rules/book/load-rule-book';
import { shortenRevision } from '../contract/rule-revision';
import { countReloads } from './reload-metrics';
import { RuleReloader, type ReloadedRules, type ReloadReport, type ReloadTrigger } from './rule-reloader';
import { watchedPaths, watchRules } from './watch-rules';
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
  /**
   * Puts a reloaded rule set in service: in a serving process, the core's `setProcessor` (with the same
   * store and settings); in the primary of `--workers`, sending it to every worker.
   */
  install(rules: ReloadedRules): void;
  metrics: Metrics;
  logger: Logger;
  /** Dispatches `reload` events (the CLI: on SIGHUP). */
  reloads?: EventTarget | undefined;
  /** Re-reads, at each reload, the files it re-reads besides the rules (the tokens file); logs its failures. */
  reloadOthers?(): Promise<void>;
  onReload?(report: ReloadReport, trigger: ReloadTrigger): void;
}

/** A serving process's reloads: the one the core answers `POST /admin/reload` with, and the others, once started. */
export interface ServeReloads {
  /** Given to the core when it is built (`rulesReload`). */
  reload: RulesReload;
  /** Reloads now and reports as read (full revisions): the primary answering its workers' requests. */
  reloadNow(trigger: ReloadTrigger): Promise<ReloadReport>;
  /** Starts the watch and the `reload` events; returns the function that stops them. */
  start(): Promise<() => Promise<void>>;
}

/**
 * Makes a serving process reload its rules on a change of the files, a
 * `reload` event (SIGHUP) and `POST /admin/reload`. A process of its own reads
 * and validates the files itself; a worker of `serve --workers` asks its
 * primary, and serves each rule set the primary sends. Either way a rule set
 * replaces the served one only whole and valid, through `install`, so an
 * event in flight finishes on the rules it started with. Made before the core,
 * which is built with `reload`; nothing reloads until `start`.
 */
export function prepareServeReloads(settings: ServeReloadSettings): ServeReloads {
  if (settings.worker) return followPrimary(settings);
  const countReload = countReloads(settings.metrics);
  const reloader = new RuleReloader({
    rulesPath: settings.rules,
    catalog: settings.catalog,
    cwd: settings.cwd,
    revision: settings.revision,
    logger: settings.logger,
    apply: (rules) => settings.install(rules),
    onReport: (report, trigger) => {
      countReload(report, trigger);
      settings.onReload?.(report, trigger);
    },
    ...(settings.reloadOthers === undefined ? {} : { reloadOthers: settings.reloadOthers }),
  });
  const start = async (): Promise<() => Promise<void>> => {
    const onSignal = (): void => reloader.reloadInBackground('signal');
    settings.reloads?.addEventListener('reload', onSignal);
    const watch = settings.watch
      ? await watchRules(watchedPaths(settings), () => reloader.reloadInBackground('watch'), settings.logger)
      : undefined;
    return async () => {
      settings.reloads?.removeEventListener('reload', onSignal);
      await watch?.close();
    };
  };
  return {
    reload: () => reloader.reload('admin').then(toAdminReport),
    reloadNow: (trigger) => reloader.reload(trigger),
    start,
  };
}

function followPrimary(settings: ServeReloadSettings): ServeReloads {
  const start = async (): Promise<() => Promise<void>> => {
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
        settings.install({ book: loaded.book, revision: loaded.load.revision, snapshot: message.snapshot });
      },
      () => void settings.reloadOthers?.(),
    );
    const onSignal = (): void => void requestReloadFromPrimary('signal').catch(() => undefined);
    settings.reloads?.addEventListener('reload', onSignal);
    return () => {
      stopFollowing();
      settings.reloads?.removeEventListener('reload', onSignal);
      return Promise.resolve();
    };
  };
  return {
    reload: () => requestReloadFromPrimary('admin').then(toAdminReport),
    reloadNow: (trigger) => requestReloadFromPrimary(trigger),
    start,
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
