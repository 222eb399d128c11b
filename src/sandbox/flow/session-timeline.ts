import type {
  EventFilterAction,
  NodeOverrideAction,
  OperationAction,
  SetSessionVariableAction,
} from '../../contract/types';
import type { WebhookFailure } from '../../simulation/webhook-failure';
import type { FlowNode } from './flow-catalog';
import type { NodeResult } from './node-result';

/** Where a node of the built-in flow is; NOT_STARTED until it runs (a disabled node never does). */
export type NodeProgress = 'NOT_STARTED' | 'STARTED' | 'IN_PROGRESS' | 'COMPLETED';

export interface NodeState {
  /** false after a node override disabling it (until one enables it again). */
  enabled: boolean;
  progress: NodeProgress;
  result?: NodeResult;
}

/** The session decision once available: a Decision and an IVR bot DecisionReason, no prefixes. */
export interface DecidedSession {
  decision: string;
  reason: string | undefined;
}

/** One line of a session's history, at a simulated time (ISO 8601). */
export type TimelineEntry = { at: string } & (
  | { kind: 'operation'; operation: string; detail?: string }
  | {
      kind: 'event';
      seq: number;
      event: string;
      sent: boolean;
      /** Why it was not sent (filtered): `events_to_ignore`, `keys_to_ignore`, `webhook_disabled`, ... */
      reason: string | null;
      entry: string | null;
      delta: string[];
    }
  | {
      kind: 'answer';
      seq: number;
      /** The answer's result_code; null when no answer came (the call failed). */
      result_code: number | null;
      fired: readonly string[] | null;
      /** The answer's instructions as it gave them (empty when no answer came), applied only without failure. */
      updates: SetSessionVariableAction[];
      nodes_to_override: NodeOverrideAction[];
      actions: OperationAction[];
      event_filter?: EventFilterAction;
      /** Why the answer was not applied (the flow went on without it); null when it was. */
      failure: WebhookFailure | null;
      /** `failure` as a sentence, when there is one. */
      problem?: string;
    }
  | { kind: 'node'; node: string; state: string; detail?: string }
  | { kind: 'action'; action: string; parameters: Record<string, string>; executed: boolean; detail: string }
  | { kind: 'decision'; decision: string; reason: string | null }
);

/** What `GET /v1/sandbox/sessions/{id}` answers and `rulehook sandbox run` prints. */
export interface SessionReport {
  call_session_id: string;
  ended: boolean;
  decision: DecidedSession | null;
  /** Sent events whose webhook call failed or whose answer was not applied (the answer entries with a failure). */
  webhook_failures: number;
  nodes: Record<FlowNode, { enabled: boolean; progress: NodeProgress }>;
  variables: Record<string, string>;
  timeline: TimelineEntry[];
}
