import type { RunningHost } from '../../../hosts/running-host';
import type { ReloadReport, ReloadTrigger } from '../../../server/rule-reloader';

/** How a caller of `runServe` (the CLI, a test) drives and observes the server. */
export interface ServeControl {
  /** Aborting stops the server gracefully (the CLI wires SIGTERM and SIGINT to it). */
  signal?: AbortSignal;
  /** Dispatches `reload` events: reload the rules (the CLI dispatches one on SIGHUP). */
  reloads?: EventTarget;
  /** Called with each reload's report (tests). */
  onReload?(report: ReloadReport, trigger: ReloadTrigger): void;
  /**
   * Ends the process at once, whatever still runs (the CLI's exit). With it, a stop that passes its
   * deadline (`--drain-seconds`, `--shutdown-timeout` and a grace) ends the process; without it (a
   * program embedding `serve`), no deadline is armed.
   */
  forceExit?(): void;
  /** Called once every host listens, with the bound ports (tests use port 0). */
  onListening?(hosts: { http?: RunningHost; grpc?: RunningHost }): void;
}
