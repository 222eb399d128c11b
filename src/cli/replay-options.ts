import { parseCommandArgs, parsePositiveInt } from './parse-options';
import { DEFAULT_SESSION_KEY } from '../processor/rule-processor';
import { parseDuration, parsePositiveNumber } from './options';
import {
  DEFAULT_REPLAY_MAX_SESSIONS,
  parseTargetUrl,
  type ReplayFormat,
  type ReplayOptions,
  type TargetKind,
} from '../replay';

/** Returns the options, `help`, or a usage error message. */
export function parseReplayOptions(args: string[]): ReplayOptions | 'help' | string {
  const parsed = parseCommandArgs(
    args,
    {
      rules: { type: 'string' },
      catalog: { type: 'string' },
      format: { type: 'string', default: 'human' },
      session: { type: 'string' },
      'session-key': { type: 'string', default: DEFAULT_SESSION_KEY },
      explain: { type: 'boolean', default: false },
      strict: { type: 'boolean', default: false },
      compare: { type: 'string' },
      'fail-on-diff': { type: 'boolean', default: false },
      target: { type: 'string' },
      'target-kind': { type: 'string', default: 'auto' },
      concurrency: { type: 'string' },
      timeout: { type: 'string' },
      rate: { type: 'string' },
      duration: { type: 'string' },
      loop: { type: 'boolean', default: false },
      'max-sessions': { type: 'string', default: String(DEFAULT_REPLAY_MAX_SESSIONS) },
      help: { type: 'boolean', short: 'h', default: false },
    },
    true,
  );
  if (!parsed.ok) return parsed.message;
  const v = parsed.values as Record<string, string | boolean | undefined>;
  if (v.help === true) return 'help';
  const str = (name: string) => (typeof v[name] === 'string' ? (v[name] as string) : undefined);
  const format = str('format') as string;
  if (!['human', 'jsonl', 'summary'].includes(format))
    return `--format expects human, jsonl or summary, got ${JSON.stringify(format)}`;
  const targetKind = str('target-kind') as string;
  if (!['auto', 'rulehook', 'other'].includes(targetKind))
    return `--target-kind expects auto, rulehook or other, got ${JSON.stringify(targetKind)}`;
  const recordings = parsed.positionals;
  if (recordings.length === 0)
    return 'give at least one recording (a .jsonl or .jsonl.gz file, or - for stdin)';
  if (recordings.filter((r) => r === '-').length > 1) return 'stdin (-) can be read only once';

  const target = str('target') === undefined ? undefined : parseTargetUrl(str('target') as string);
  if (typeof target === 'string') return target;
  const numbers = {
    concurrency:
      str('concurrency') === undefined ? 8 : parsePositiveInt(str('concurrency') as string, '--concurrency'),
    timeout: str('timeout') === undefined ? 10_000 : parsePositiveInt(str('timeout') as string, '--timeout'),
    maxSessions: parsePositiveInt(str('max-sessions') as string, '--max-sessions'),
    rate: str('rate') === undefined ? undefined : parsePositiveNumber(str('rate') as string, '--rate'),
    duration:
      str('duration') === undefined ? undefined : parseDuration(str('duration') as string, '--duration'),
  };
  for (const n of Object.values(numbers)) if (typeof n === 'string') return n;

  const needsTarget = ['concurrency', 'timeout'].filter((f) => str(f) !== undefined);
  if (targetKind !== 'auto') needsTarget.push('target-kind');
  if (target === undefined && needsTarget.length > 0) return `--${needsTarget[0]} needs --target`;
  if (target === undefined && str('rules') === undefined)
    return 'give the rules to replay through with --rules PATH (or a live webhook with --target URL)';
  if (str('compare') !== undefined && target !== undefined)
    return '--compare replays in-process: not with --target';
  if (str('compare') !== undefined && str('rules') === undefined) return '--compare needs --rules';
  if (v['fail-on-diff'] === true && str('compare') === undefined) return '--fail-on-diff needs --compare';
  if (v.explain === true && target !== undefined)
    return '--explain needs the rules in-process: not with --target (replay without it to see why)';
  if (v.loop === true && numbers.duration === undefined)
    return '--loop needs --duration (a load generator is bounded)';
  if (v.loop === true && recordings.includes('-')) return '--loop cannot read stdin (-) twice';

  return {
    recordings,
    rules: str('rules'),
    catalog: str('catalog'),
    format: format as ReplayFormat,
    session: str('session'),
    sessionKey: str('session-key') as string,
    explain: v.explain === true,
    strict: v.strict === true,
    compare: str('compare'),
    failOnDiff: v['fail-on-diff'] === true,
    target,
    targetKind: targetKind as TargetKind,
    concurrency: numbers.concurrency as number,
    timeoutMs: numbers.timeout as number,
    rate: numbers.rate as number | undefined,
    durationMs: numbers.duration as number | undefined,
    loop: v.loop === true,
    maxSessions: numbers.maxSessions as number,
  };
}
