import {
  readSandboxWebhookSettings,
  SANDBOX_WEBHOOK_OPTIONS,
  type SandboxWebhookSettings,
} from './sandbox-webhook-options';
import { defineStartTimeOption } from './sandbox-clock-options';
import { ENGINE_FILTER_OPTIONS, ENGINE_OWN_UPDATES_OPTION } from '../../option-groups/engine-options';
import { defineString } from '../../options/define-options';
import { formatUsage } from '../../options/format-help';
import { HELP_OPTION, parseCommandLine, refuse, type ParseResult } from '../../options/parse-command-line';
import { parsePositiveInt, parsePositiveNumber } from '../../options/parse-values';
import { defineListenOptions } from '../../option-groups/listen-options';

export interface SandboxOptions extends SandboxWebhookSettings {
  scenario: string;
  host: string;
  /** undefined: HTTP not served (`--no-http`). */
  httpPort: number | undefined;
  /** undefined: gRPC not served (`--no-grpc`). */
  grpcPort: number | undefined;
  maxMessageBytes: number;
  /** Simulated seconds per real second. */
  speed: number;
  /** ms since the epoch where the simulated clock starts (and a reset puts it back); undefined: now. */
  startTime: number | undefined;
  /** Where to write the bound ports once both hosts listen; undefined: nowhere. */
  portsFile: string | undefined;
}

const SANDBOX_OPTIONS = {
  scenario: defineString({
    value: 'FILE',
    help: 'the sandbox scenario: persons, media, scripted results (required)',
  }),
  ...defineListenOptions({ http: 8081, grpc: 50052 }),
  'max-message-bytes': defineString({
    value: 'N',
    parse: parsePositiveInt,
    default: 1_048_576,
    help: 'largest accepted request, both hosts',
  }),
  'ports-file': defineString({
    value: 'FILE',
    help: 'once both hosts listen, write their addresses to FILE as JSON (replaced whole)',
  }),
  ...SANDBOX_WEBHOOK_OPTIONS,
  speed: defineString({
    value: 'N',
    parse: parsePositiveNumber,
    default: 1,
    help: 'simulated time runs N times as fast as real time (the audio, the nodes, heartbeats)',
  }),
  ...defineStartTimeOption([
    'the simulated clock starts at TIME (RFC 3339 with offset:',
    '2026-05-01T09:00:00Z); a reset puts it back there',
  ]),
  ...ENGINE_OWN_UPDATES_OPTION,
  ...ENGINE_FILTER_OPTIONS,
  help: HELP_OPTION,
};

export const SANDBOX_USAGE = formatUsage(
  `Usage: rulehook sandbox --scenario FILE [options]
       rulehook sandbox run SCENARIO [options]   (see rulehook sandbox run --help)

Serve a local stand-in for the IVR bot and audio processing services (IVRBot, AudioProcessor),
over HTTP and gRPC. Biometric results are scripted by the scenario, not computed by voice models.
Exit code: 0 after a stop (SIGINT, SIGTERM), 1 when the scenario has errors or a port cannot be bound,
2 on wrong usage.
`,
  SANDBOX_OPTIONS,
  { column: 24 },
);

export function parseSandboxOptions(args: readonly string[]): ParseResult<SandboxOptions> {
  const parsed = parseCommandLine(args, SANDBOX_OPTIONS, { positionals: false });
  if (!parsed.ok) return parsed;
  const v = parsed.options.values;
  if (v.scenario === undefined) return refuse('give the scenario to serve: --scenario FILE');
  if (v['no-http'] && v['no-grpc']) return refuse('--no-http and --no-grpc together leave nothing to serve');
  const webhook = readSandboxWebhookSettings(v);
  if (typeof webhook === 'string') return refuse(webhook);
  return {
    ok: true,
    options: {
      ...webhook,
      scenario: v.scenario,
      host: v.host,
      httpPort: v['no-http'] ? undefined : v['http-port'],
      grpcPort: v['no-grpc'] ? undefined : v['grpc-port'],
      maxMessageBytes: v['max-message-bytes'],
      speed: v.speed,
      startTime: v['start-time'],
      portsFile: v['ports-file'],
    },
  };
}
