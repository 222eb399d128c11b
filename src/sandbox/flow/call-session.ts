import {
  createEmptyResponse,
  CURRENT_EVENT_KEY,
  SESSION_ID_KEY,
  type OperationAction,
  type SessionVariables,
} from '../../contract/types';
import type { EngineSimulator } from '../../simulation/engine-simulator';
import type { SandboxMedia, SandboxScenario } from '../scenario/sandbox-scenario';
import { FLOW_NODES, PASSIVE_NODES, type FlowNode } from './flow-catalog';
import type { FlowTiming } from './flow-timing';
import type { PersonStore } from './person-store';
import { describeWebhookFailure, type GuardedWebhook } from './sandbox-webhook';
import type { DecidedSession, NodeState, SessionReport, TimelineEntry } from './session-timeline';
import type { VirtualClock } from './virtual-clock';

/**
 * What every session of a sandbox shares: the scenario and its flow timing, the person store, the clock,
 * the engine and its webhook.
 */
export interface SessionContext {
  scenario: SandboxScenario;
  persons: PersonStore;
  timing: FlowTiming;
  clock: VirtualClock;
  engine: EngineSimulator;
  webhook: GuardedWebhook;
}

/** What the IVR opened a session on: its StartIVRSession's `call_id` and `recording_id`. */
export interface OpenedCall {
  callId: string;
  recordingId: string;
}

/** A node's state, with whether its current run was scheduled by the webhook (it then runs even disabled). */
export type RunningNodeState = NodeState & { scheduled: boolean };

/**
 * One call session: the variables the engine holds, the nodes of the built-in
 * flow, the decision and the timeline. Every step (an IVR operation, a clock
 * timer) runs through `serialize`, so a session's events are raised one at a
 * time, in order. The flow itself is in built-in-flow.ts.
 */
export class CallSession {
  readonly nodes = Object.fromEntries(
    FLOW_NODES.map((node) => [node, { enabled: true, progress: 'NOT_STARTED', scheduled: false }]),
  ) as Record<FlowNode, RunningNodeState>;
  readonly timeline: TimelineEntry[] = [];
  variables: SessionVariables;
  decision: DecidedSession | undefined;
  ended = false;
  /** When EndIVRSession ended it (ms, the sandbox's clock); undefined while it is live. */
  endedAt: number | undefined;
  personId: string | undefined;
  /** The person's voiceprint was trained when identified: the flow verifies instead of enrolling. */
  trained = false;
  /** When SubmitOptIn arrived before the person was known (ms): recorded for them once identified. */
  optedInAt: number | undefined;
  netSeconds = 0;
  audioEnded = false;
  readonly startedAt: number;
  private readonly cancels: (() => void)[] = [];
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    readonly id: string,
    readonly context: SessionContext,
    readonly media: SandboxMedia | undefined,
    variables: SessionVariables,
    readonly call: OpenedCall,
  ) {
    this.startedAt = context.clock.now();
    this.variables = { ...variables, [SESSION_ID_KEY]: id };
  }

  /** Runs `step` after every earlier step of this session. */
  serialize<T>(step: () => Promise<T>): Promise<T> {
    const run = this.queue.then(step);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Runs `step` (serialized) `delayMs` of simulated time from now, unless the session has ended by then. */
  after(delayMs: number, step: () => Promise<void>): void {
    this.cancels.push(
      this.context.clock.schedule(delayMs, () => (this.ended ? undefined : this.serialize(step))),
    );
  }

  cancelTimers(): void {
    for (const cancel of this.cancels.splice(0)) cancel();
  }

  /** Nothing happens in the session from now on: no timer runs, no step starts a node. */
  end(): void {
    if (!this.ended) this.endedAt = this.context.clock.now();
    this.ended = true;
    this.cancelTimers();
  }

  note(entry: DistributiveOmit<TimelineEntry, 'at'>): void {
    this.timeline.push({ at: new Date(this.context.clock.now()).toISOString(), ...entry } as TimelineEntry);
  }

  setFlowState(node: FlowNode, state: string | undefined): void {
    if (state === undefined) delete this.variables[`flow.${node}`];
    else this.variables[`flow.${node}`] = state;
  }

  /**
   * Raises `event` through the engine model (overlay, delta, filter), applies the answer when it is a
   * usable one (updates in order, node overrides) and returns the operations it scheduled.
   */
  async raise(event: string): Promise<OperationAction[]> {
    const { engine, webhook } = this.context;
    const result = await engine.raise({ ...this.variables, [CURRENT_EVENT_KEY]: event });
    const { seq, sent, reason, entry, delta } = result;
    this.note({ kind: 'event', seq, event, sent, reason, entry, delta });
    this.variables = { ...result.variables };
    const outcome = sent ? webhook.takeOutcome(this.id) : undefined;
    if (outcome === undefined) return [];
    const { fired, failure } = outcome;
    const response = outcome.response ?? createEmptyResponse();
    this.note({
      kind: 'answer',
      seq,
      result_code: outcome.response?.result_code ?? null,
      fired,
      updates: response.session_variable_updates,
      nodes_to_override: response.nodes_to_override,
      actions: response.actions_to_perform,
      ...(response.event_filter === undefined ? {} : { event_filter: response.event_filter }),
      failure: failure ?? null,
      ...(failure === undefined ? {} : { problem: describeWebhookFailure(failure) }),
    });
    if (failure !== undefined) return [];
    for (const update of response.session_variable_updates) this.variables[update.key] = update.value;
    for (const override of response.nodes_to_override)
      for (const name of override.node_names) this.overrideNode(name, override.enable);
    return response.actions_to_perform;
  }

  private overrideNode(name: string, enable: boolean): void {
    const state = (this.nodes as Record<string, RunningNodeState | undefined>)[name];
    const word = enable ? 'ENABLED' : 'DISABLED';
    if (state === undefined) {
      const detail = PASSIVE_NODES.includes(name)
        ? 'a node with no biometric step in the sandbox: nothing changes'
        : 'not a node of the built-in flow: ignored';
      return this.note({ kind: 'node', node: name, state: word, detail });
    }
    state.enabled = enable;
    this.note({ kind: 'node', node: name, state: word });
    const node = name as FlowNode;
    this.setFlowState(
      node,
      enable ? (state.progress === 'NOT_STARTED' ? undefined : state.progress) : 'DISABLED',
    );
  }

  /** The webhook calls that brought no usable answer: the timeline's answer entries with a failure. */
  countWebhookFailures(): number {
    return this.timeline.filter((e) => e.kind === 'answer' && e.failure !== null).length;
  }

  report(): SessionReport {
    const nodes = Object.fromEntries(
      FLOW_NODES.map((node) => [
        node,
        { enabled: this.nodes[node].enabled, progress: this.nodes[node].progress },
      ]),
    ) as SessionReport['nodes'];
    return {
      call_session_id: this.id,
      ended: this.ended,
      decision: this.decision ?? null,
      webhook_failures: this.countWebhookFailures(),
      nodes,
      variables: { ...this.variables },
      timeline: [...this.timeline],
    };
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
