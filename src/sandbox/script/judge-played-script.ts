import type { WebhookFailureKind } from '../../simulation/webhook-failure';
import type { PlayedScript } from './play-ivr-steps';

/** A step whose operation answered another `status_code` than the one it expects. */
export interface StepFailure {
  /** 1-based, among the scenario's `ivr_steps` (waits counted). */
  step: number;
  operation: string;
  status_code: string;
  expected_status: string;
}

/** A webhook call of the run that brought no usable answer: the timeline's answer entry with a failure. */
export interface WebhookCallFailure {
  call_session_id: string;
  seq: number;
  event: string;
  at: string;
  kind: WebhookFailureKind;
  message: string;
}

/** Whether a played script passed, and what failed (webhook failures listed even when allowed). */
export interface ScriptVerdict {
  passed: boolean;
  step_failures: StepFailure[];
  webhook_failures: WebhookCallFailure[];
}

export interface JudgeOptions {
  /** Webhook failures do not fail the run (`--allow-webhook-failures`). */
  allowWebhookFailures: boolean;
}

/**
 * The verdict on a played script: it fails when a step answered another status than it expects, or, unless
 * allowed, when any webhook call of any of its sessions failed.
 */
export function judgePlayedScript(played: PlayedScript, options: JudgeOptions): ScriptVerdict {
  const step_failures: StepFailure[] = [];
  played.steps.forEach((step, index) => {
    if (!('response' in step)) return;
    const status_code = (step.response.status as { status_code?: string } | undefined)?.status_code ?? '';
    if (status_code !== step.expected_status)
      step_failures.push({
        step: index + 1,
        operation: step.operation,
        status_code,
        expected_status: step.expected_status,
      });
  });
  const webhook_failures: WebhookCallFailure[] = [];
  for (const session of played.sessions) {
    const events = new Map<number, string>();
    for (const entry of session.timeline) {
      if (entry.kind === 'event') events.set(entry.seq, entry.event);
      if (entry.kind !== 'answer' || entry.failure === null) continue;
      const { seq, at, failure } = entry;
      const event = events.get(seq) ?? '';
      webhook_failures.push({ call_session_id: session.call_session_id, seq, event, at, ...failure });
    }
  }
  const passed =
    step_failures.length === 0 && (options.allowWebhookFailures || webhook_failures.length === 0);
  return { passed, step_failures, webhook_failures };
}

/** Failures listed by the summary at most; the rest are counted. */
const LISTED = 5;

/** The verdict's failures for stderr, the first few of each listed (nothing when nothing failed). */
export function formatVerdict(verdict: ScriptVerdict, options: JudgeOptions): string {
  const lines: string[] = [];
  const { step_failures: steps, webhook_failures: calls } = verdict;
  if (steps.length > 0) {
    lines.push(`rulehook sandbox run: ${count(steps.length, 'step')} answered another status than expected:`);
    for (const s of steps.slice(0, LISTED))
      lines.push(`  step ${s.step} ${s.operation}: ${s.status_code}, expected ${s.expected_status}`);
    if (steps.length > LISTED) lines.push(`  and ${steps.length - LISTED} more`);
  }
  if (calls.length > 0) {
    const allowed = options.allowWebhookFailures
      ? ' (allowed by --allow-webhook-failures)'
      : ' (--allow-webhook-failures lets a run pass with them)';
    lines.push(`rulehook sandbox run: ${count(calls.length, 'webhook call')} failed${allowed}:`);
    for (const c of calls.slice(0, LISTED))
      lines.push(`  ${c.call_session_id} #${c.seq} ${c.event}: ${c.kind}: ${c.message}`);
    if (calls.length > LISTED) lines.push(`  and ${calls.length - LISTED} more`);
  }
  return lines.map((line) => `${line}\n`).join('');
}

const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;
