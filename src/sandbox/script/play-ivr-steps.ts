import type { EngineSimulatorOptions } from '../../simulation/engine-simulator';
import { CallSessions } from '../flow/call-sessions';
import { VirtualClock } from '../flow/virtual-clock';
import type { SandboxWebhookTarget } from '../flow/sandbox-webhook';
import type { SessionReport } from '../flow/session-timeline';
import { createIvrBot } from '../ivr/ivr-bot';
import type { SandboxScenario } from '../scenario/sandbox-scenario';
import type { JsonMessage } from '../wire/proto-json';

/** One played step: what was asked, answered and expected, or how long the script waited. */
export type PlayedStep =
  | {
      operation: string;
      description: string | undefined;
      request: JsonMessage;
      response: JsonMessage;
      /** The `status_code` the step must answer: its `expect_status`, else `OK`. */
      expected_status: string;
    }
  | { wait: string; description: string | undefined };

const WAIT_UNITS_MS: Readonly<Record<string, number>> = { ms: 1, s: 1_000, m: 60_000 };

/** ms of a wait step's `5s`, `500ms`, `2m` (the schema admits no other form). */
export function readWaitMs(wait: string): number {
  const [, amount, unit] = /^([0-9.]+)(ms|s|m)$/.exec(wait)!;
  return Math.round(Number(amount) * WAIT_UNITS_MS[unit!]!);
}

export interface PlayedScript {
  steps: PlayedStep[];
  /** Every session the steps opened, after the last step. */
  sessions: SessionReport[];
}

export interface PlayOptions {
  /** ms since the epoch: the simulated clock's start; default now. */
  start?: number;
  /** How the sessions' engine reads what its specification leaves open; default: rulehook's reading. */
  engine?: EngineSimulatorOptions['model'];
}

/** How long a GetSessionDecision step polls, in simulated seconds, before it gives up. */
export const MAX_DECISION_WAIT_SECONDS = 600;

const OPERATIONS_WITH_SESSION = new Set([
  'SubmitPersonId',
  'SubmitOptIn',
  'GetSessionDecision',
  'EndIVRSession',
]);

/**
 * Plays the scenario's `ivr_steps` against the IVR bot in-process, as an IVR would: a step without
 * `call_session_id` gets the one the last StartIVRSession handed out; GetSessionDecision polls, one
 * simulated second apart, until a decision is present (at most MAX_DECISION_WAIT_SECONDS); a `wait` step
 * moves the clock by its time, the flow's timers running meanwhile. Time is simulated and moves only while
 * polling or waiting, so a script runs as fast as its webhook answers.
 */
export async function playIvrSteps(
  scenario: SandboxScenario,
  webhook: SandboxWebhookTarget | undefined,
  options: PlayOptions = {},
): Promise<PlayedScript> {
  const clock = new VirtualClock(options.start ?? Date.now());
  const store = new CallSessions(scenario, {
    clock,
    ...(webhook === undefined ? {} : { webhook }),
    ...(options.engine === undefined ? {} : { engine: options.engine }),
  });
  const bot = createIvrBot(scenario, store);
  const opened: string[] = [];
  const steps: PlayedStep[] = [];
  for (const step of scenario.ivrSteps) {
    if (step.wait !== undefined) {
      await clock.advance(readWaitMs(step.wait));
      steps.push({ wait: step.wait, description: step.description });
      continue;
    }
    const operation = step.operation!;
    const request: JsonMessage = { ...(step.request ?? {}) };
    const last = opened.at(-1);
    if (OPERATIONS_WITH_SESSION.has(operation) && request.call_session_id === undefined && last !== undefined)
      request.call_session_id = last;
    const method = bot[operation];
    let response: JsonMessage;
    if (method === undefined)
      response = {
        status: {
          status_code: 'NOT_FOUND',
          status_message: { locale: 'en-US', message: `no IVRBot operation '${operation}'` },
        },
      };
    else {
      response = await method(request);
      for (
        let waited = 0;
        operation === 'GetSessionDecision' && isPending(response) && waited < MAX_DECISION_WAIT_SECONDS;
        waited++
      ) {
        await clock.advance(1_000);
        response = await method(request);
      }
    }
    if (typeof response.call_session_id === 'string') opened.push(response.call_session_id);
    const expected_status = step.expect_status ?? 'OK';
    steps.push({ operation, description: step.description, request, response, expected_status });
  }
  return { steps, sessions: opened.map((id) => store.get(id)!.report()) };
}

const isPending = (response: JsonMessage): boolean =>
  response.session_decision === undefined &&
  (response.status as { status_code?: string }).status_code === 'OK';
