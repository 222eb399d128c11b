import type { RuleSnapshot } from '../rules/load/rule-snapshot';
import type { ReloadReport, ReloadTrigger } from './rule-reloader';

/**
 * What the primary of `serve --workers` and its workers tell each other over
 * the cluster IPC channel (JSON). Every message has a `type` of its own.
 */

/** Set to `1` in the environment of the workers the primary forks: they take their rules from it. */
export const WORKER_ENV = 'RULEHOOK_SERVE_WORKER';

/** Primary to worker: the rule set to serve, as read by the primary; sent again after each reload. */
export interface RulesMessage {
  type: 'rulehook:rules';
  /** `computeRuleRevision(snapshot)` as the primary computed it; a worker reports the one it computes from the texts. */
  revision: string;
  snapshot: RuleSnapshot;
}

/** Worker to primary, once at startup: send me the rules. */
export interface RulesRequest {
  type: 'rulehook:rules-request';
}

/** Worker to primary: listening, and with which rules. */
export interface ListeningMessage {
  type: 'rulehook:listening';
  /** The revision of the rules it serves. */
  revision: string;
  http?: { host: string; port: number; tls?: boolean };
  grpc?: { host: string; port: number; tls?: boolean };
}

/** Worker to primary: reload the rules (SIGHUP or `POST /admin/reload` reached the worker). */
export interface ReloadRequest {
  type: 'rulehook:reload-request';
  /** Chosen by the worker, to match the report to its request. */
  id: number;
  trigger: ReloadTrigger;
}

/** Primary to worker: what the reload it asked for did, or why it could not run. */
export interface ReloadReportMessage {
  type: 'rulehook:reload-report';
  id: number;
  report?: ReloadReport;
  error?: string;
}

/** Primary to worker, after each reload: re-read the files a reload re-reads besides the rules (the tokens file). */
export interface ReloadOthersMessage {
  type: 'rulehook:reload-others';
}

/** Worker to primary: the metrics of all workers, please (a scrape of `GET /metrics` on this worker). */
export interface MetricsRequest {
  type: 'rulehook:metrics-request';
  /** Chosen by the worker, to match the answer. */
  id: number;
}

/** Primary to worker: the metrics of all workers summed, in the Prometheus text format, or why not. */
export interface MetricsAnswer {
  type: 'rulehook:metrics';
  id: number;
  text?: string;
  error?: string;
}

/** Primary to worker: your own metrics, please. */
export interface MetricsCollect {
  type: 'rulehook:metrics-collect';
  /** Chosen by the primary, to match the answer. */
  id: number;
}

/** Worker to primary: its own metrics, as prom-client's `Registry#getMetricsAsJSON` gives them. */
export interface MetricsCollected {
  type: 'rulehook:metrics-collected';
  id: number;
  metrics: object[];
}

/** Worker to primary: a console client of this worker started (or stopped) reading the live decisions. */
export interface ConsoleListening {
  type: 'rulehook:console-listening';
  listening: boolean;
}

/** Primary to worker: hand me every decision's line (some worker's console listens), or stop. */
export interface ConsolePublish {
  type: 'rulehook:console-publish';
  publish: boolean;
}

/** Worker to primary: a decision this worker made; primary to worker: one another worker made. */
export interface ConsoleDecision {
  type: 'rulehook:console-decision';
  /** The decision log's line (masked as it masks), without its newline. */
  line: string;
}

/** Worker to primary: the recent decisions of all workers, please (`/console/api/decisions/recent`). */
export interface ConsoleRecentRequest {
  type: 'rulehook:console-recent-request';
  /** Chosen by the worker, to match the answer. */
  id: number;
  /** Lines wanted at most: the newest. */
  limit: number;
}

/** Primary to worker: your recent decisions, please; worker to primary (`-collected`): here they are. */
export interface ConsoleRecentCollect {
  type: 'rulehook:console-recent-collect';
  id: number;
}

export interface ConsoleRecentCollected {
  type: 'rulehook:console-recent-collected';
  id: number;
  lines: string[];
}

/** Primary to worker: the recent decisions of all workers, oldest first. */
export interface ConsoleRecentAnswer {
  type: 'rulehook:console-recent';
  id: number;
  lines: string[];
}

export type WorkerMessage =
  | RulesMessage
  | RulesRequest
  | ListeningMessage
  | ReloadRequest
  | ReloadReportMessage
  | ReloadOthersMessage
  | MetricsRequest
  | MetricsAnswer
  | MetricsCollect
  | MetricsCollected
  | ConsoleListening
  | ConsolePublish
  | ConsoleDecision
  | ConsoleRecentRequest
  | ConsoleRecentCollect
  | ConsoleRecentCollected
  | ConsoleRecentAnswer;

export function createRulesMessage(snapshot: RuleSnapshot, revision: string): RulesMessage {
  return { type: 'rulehook:rules', revision, snapshot };
}

/** Whether `message` (anything that came over the channel) is a message of that type. */
export function isWorkerMessage<T extends WorkerMessage['type']>(
  message: unknown,
  type: T,
): message is Extract<WorkerMessage, { type: T }> {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type;
}
