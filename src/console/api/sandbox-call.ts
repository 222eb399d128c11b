import type { SessionReport, TimelineEntry } from '../../sandbox/flow/session-timeline';
import { failWith, type ApiResult, type ConsoleErrorCode } from './api-result';
import type { CallEvent } from './call-timeline';
import { fetchFromSandbox, readSandboxBase } from './sandbox-url';

export type SandboxCall = { ok: true; events: CallEvent[] } | { ok: false; result: ApiResult };

const refuse = (status: number, code: ConsoleErrorCode, message: string): SandboxCall => ({
  ok: false,
  result: failWith(status, code, message),
});

/**
 * `{sandbox: {url, call_session_id}}`: the call as a running `rulehook sandbox` recorded it
 * (`GET /v1/sandbox/sessions/{id}` on its HTTP port), each event with what the sandbox's engine decided and
 * the webhook answered; only a sandbox on a loopback address (readSandboxBase). The sandbox keeps no
 * event's variables, so they are null.
 */
export async function fetchSandboxCall(url: unknown, callSessionId: unknown): Promise<SandboxCall> {
  if (typeof callSessionId !== 'string' || callSessionId === '')
    return refuse(400, 'BAD_REQUEST', 'sandbox needs a url and a call_session_id');
  const sandbox = readSandboxBase(url);
  if (!sandbox.ok) return sandbox;
  const fetched = await fetchFromSandbox(
    sandbox.base,
    `v1/sandbox/sessions/${encodeURIComponent(callSessionId)}`,
  );
  if (!fetched.ok) return fetched;
  const response = fetched.response;
  if (response.status === 404) return refuse(404, 'NOT_FOUND', `the sandbox has no session ${callSessionId}`);
  if (!response.ok) return refuse(502, 'SANDBOX_FAILED', `the sandbox answered ${response.status}`);
  const report = (await response.json()) as SessionReport;
  return { ok: true, events: toCallEvents(report.timeline) };
}

/** The event entries of a sandbox timeline, each with the answer entry of the same seq. */
export function toCallEvents(timeline: readonly TimelineEntry[]): CallEvent[] {
  const events: CallEvent[] = [];
  const bySeq = new Map<number, CallEvent>();
  for (const entry of timeline) {
    if (entry.kind === 'event') {
      const event: CallEvent = {
        seq: entry.seq,
        event: entry.event,
        sent: entry.sent,
        ...(entry.reason === null ? {} : { reason: entry.reason }),
        ...(entry.entry === null ? {} : { entry: entry.entry }),
        delta: entry.delta,
        response: null,
        fired: null,
        variables: null,
        node_overrides: [],
        operations: [],
      };
      events.push(event);
      bySeq.set(entry.seq, event);
    } else if (entry.kind === 'answer') {
      const event = bySeq.get(entry.seq);
      if (event === undefined || entry.result_code === null) continue;
      event.fired = entry.fired;
      event.node_overrides = entry.nodes_to_override;
      event.operations = entry.actions;
      event.response = {
        result_code: entry.result_code,
        ...(entry.actions.length === 0 ? {} : { actions_to_perform: entry.actions }),
        ...(entry.updates.length === 0 ? {} : { session_variable_updates: entry.updates }),
        ...(entry.nodes_to_override.length === 0 ? {} : { nodes_to_override: entry.nodes_to_override }),
        ...(entry.event_filter === undefined ? {} : { event_filter: entry.event_filter }),
      };
    }
  }
  return events;
}
