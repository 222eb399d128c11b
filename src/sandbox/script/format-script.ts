import type { TimelineEntry } from '../flow/session-timeline';
import type { PlayedScript } from './play-ivr-steps';

const pad = (text: string, width: number): string => text.padEnd(width);

function describeEntry(entry: TimelineEntry): string {
  switch (entry.kind) {
    case 'operation':
      return `${entry.operation}${entry.detail === undefined ? '' : ` (${entry.detail})`}`;
    case 'event':
      return `#${entry.seq} ${pad(entry.event, 22)} ${entry.sent ? 'sent' : `FILTERED by ${entry.reason} ${entry.entry ?? ''}`.trimEnd()}`;
    case 'answer': {
      const parts = [entry.result_code === null ? 'no answer' : `result_code ${entry.result_code}`];
      if (entry.fired !== null) parts.push(`fired: ${entry.fired.join(', ') || 'none'}`);
      if (entry.updates.length > 0)
        parts.push(`set ${entry.updates.map((u) => `${u.key}=${u.value}`).join(', ')}`);
      for (const o of entry.nodes_to_override)
        parts.push(`${o.enable ? 'enable' : 'disable'} ${o.node_names.join(', ')}`);
      if (entry.actions.length > 0) parts.push(`schedule ${entry.actions.map((a) => a.action).join(', ')}`);
      if (entry.event_filter !== undefined) parts.push(`filter ${JSON.stringify(entry.event_filter)}`);
      if (entry.problem !== undefined) parts.push(`NOT APPLIED: ${entry.problem}`);
      return `   answer to #${entry.seq}: ${parts.join('; ')}`;
    }
    case 'node':
      return `node ${entry.node} ${entry.state}${entry.detail === undefined ? '' : `: ${entry.detail}`}`;
    case 'action':
      return `${entry.executed ? 'runs' : 'skips'} ${entry.action}: ${entry.detail}`;
    case 'decision':
      return `DECISION ${entry.decision}${entry.reason === null ? '' : ` (${entry.reason})`}`;
  }
}

/**
 * A played script as text: each step with its answer's status (and the one expected, when not OK), then each session's timeline, times as
 * simulated seconds since the session's first entry (so the same script prints the same lines).
 */
export function formatPlayedScript(played: PlayedScript): string {
  const lines: string[] = [];
  for (const step of played.steps) {
    if ('wait' in step) {
      lines.push(`${pad('wait', 20)} ${step.wait}`);
      continue;
    }
    const status =
      (step.response.status as { status_code?: string; status_message?: { message?: string } }) ?? {};
    const message = status.status_message?.message;
    const code = status.status_code ?? '?';
    const expected =
      code !== step.expected_status
        ? ` (expected ${step.expected_status})`
        : code === 'OK'
          ? ''
          : ' (as expected)';
    lines.push(`${pad(step.operation, 20)} ${code}${expected}${message === undefined ? '' : `: ${message}`}`);
  }
  for (const session of played.sessions) {
    lines.push('', `session ${session.call_session_id}${session.ended ? ' (ended)' : ''}`);
    const origin = Date.parse(session.timeline[0]?.at ?? new Date(0).toISOString());
    for (const entry of session.timeline) {
      const offset = ((Date.parse(entry.at) - origin) / 1000).toFixed(3);
      lines.push(`  +${offset.padStart(7)}s  ${describeEntry(entry)}`);
    }
    const decision = session.decision;
    lines.push(
      `  decision: ${decision === null ? 'none' : `${decision.decision}${decision.reason === undefined ? '' : ` (${decision.reason})`}`}`,
    );
  }
  return `${lines.join('\n')}\n`;
}
