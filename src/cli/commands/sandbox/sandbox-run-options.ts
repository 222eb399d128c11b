import {
  readSandboxWebhookSettings,
  SANDBOX_WEBHOOK_OPTIONS,
  type SandboxWebhookSettings,
} from './sandbox-webhook-options';
import { defineStartTimeOption } from './sandbox-clock-options';
import { ENGINE_FILTER_OPTIONS, ENGINE_OWN_UPDATES_OPTION } from '../../option-groups/engine-options';
import { defineChoice, defineFlag } from '../../options/define-options';
import { formatUsage } from '../../options/format-help';
import { HELP_OPTION, parseCommandLine, refuse, type ParseResult } from '../../options/parse-command-line';

export interface SandboxRunOptions extends SandboxWebhookSettings {
  scenario: string;
  format: 'text' | 'json';
  /** Failed webhook calls do not fail the run. */
  allowWebhookFailures: boolean;
  /** ms since the epoch where the simulated clock starts; undefined: now. */
  startTime: number | undefined;
}

const SANDBOX_RUN_OPTIONS = {
  ...SANDBOX_WEBHOOK_OPTIONS,
  format: defineChoice({
    value: 'FORMAT',
    choices: ['text', 'json'],
    default: 'text',
    help: 'text: the steps and each timeline, one line per entry; json: the same as one JSON document',
  }),
  'allow-webhook-failures': defineFlag({
    help: 'exit 0 even when webhook calls failed (they are still reported)',
  }),
  ...defineStartTimeOption([
    'the simulated clock starts at TIME (RFC 3339 with offset:',
    '2026-05-01T09:00:00Z), for the same timestamps on every run',
  ]),
  ...ENGINE_OWN_UPDATES_OPTION,
  ...ENGINE_FILTER_OPTIONS,
  help: HELP_OPTION,
};

export const SANDBOX_RUN_USAGE = formatUsage(
  `Usage: rulehook sandbox run SCENARIO [options]

Play the scenario's ivr_steps against the sandbox's IVR bot in-process, on simulated time, and print each
session's timeline (events sent or filtered, webhook answers, nodes, the decision).
Exit code: 0 when every step answered its expected status (OK unless it says expect_status) and every
webhook call brought an answer with result_code 200; 1 when not (the failures are summed up on stderr), or
when the scenario or rules have errors; 2 on wrong usage.
`,
  SANDBOX_RUN_OPTIONS,
  { column: 24 },
);

export function parseSandboxRunOptions(args: readonly string[]): ParseResult<SandboxRunOptions> {
  const parsed = parseCommandLine(args, SANDBOX_RUN_OPTIONS, { positionals: true });
  if (!parsed.ok) return parsed;
  const v = parsed.options.values;
  const [scenario, ...extra] = parsed.options.positionals;
  if (scenario === undefined) return refuse('give the scenario to play: rulehook sandbox run SCENARIO');
  if (extra.length > 0) return refuse(`one scenario at a time; also given: ${extra.join(' ')}`);
  const webhook = readSandboxWebhookSettings(v);
  if (typeof webhook === 'string') return refuse(webhook);
  const allowWebhookFailures = v['allow-webhook-failures'];
  const startTime = v['start-time'];
  return { ok: true, options: { ...webhook, scenario, format: v.format, allowWebhookFailures, startTime } };
}
