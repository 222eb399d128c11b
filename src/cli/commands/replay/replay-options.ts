import { DEFAULT_SESSION_KEY } from '../../../processor/session-key';
import { COMPARE_ON_CHOICES } from '../../../replay/stats/compare-outcomes';
import {
  DEFAULT_REPLAY_MAX_SESSIONS,
  type ReplayFormat,
  type ReplayOptions,
} from '../../../replay/run/run-options';
import { MAX_REPLAY_WORKERS, PARALLEL_FROM_BYTES } from '../../../replay/run/choose-workers';
import {
  defineChoice,
  defineFlag,
  defineString,
  listChoices,
  markDefault,
} from '../../options/define-options';
import { formatUsage } from '../../options/format-help';
import { HELP_OPTION, parseCommandLine, refuse, type ParseResult } from '../../options/parse-command-line';
import { parseDuration, parsePositiveInt, parsePositiveNumber } from '../../options/parse-values';
import {
  checkTargetOptions,
  readTargetAccessFiles,
  TARGET_OPTIONS,
} from '../../option-groups/target-options';
import {
  ENGINE_FILTER_OPTIONS,
  ENGINE_OWN_UPDATES_OPTION,
  readEngineOptions,
} from '../../option-groups/engine-options';

/** `--workers N`: 1 to MAX_REPLAY_WORKERS. */
function parseWorkers(text: string, flag: string): number | string {
  const n = parsePositiveInt(text, flag);
  if (typeof n !== 'number' || n <= MAX_REPLAY_WORKERS) return n;
  return `${flag} expects at most ${MAX_REPLAY_WORKERS} workers, got ${n}`;
}

const FORMATS = ['human', 'jsonl', 'summary'] as const satisfies readonly ReplayFormat[];
const DEFAULT_FORMAT = 'human';

const format = (choice: ReplayFormat) => markDefault(choice, DEFAULT_FORMAT);

const REPLAY_OPTIONS = {
  rules: defineString({ value: 'PATH', help: 'rule file or directory to replay through' }),
  catalog: defineString({
    value: 'FILE',
    helpDefault: 'catalog.yaml of the rules directory',
    help: 'catalog to check names against',
  }),
  format: defineChoice({
    value: 'FORMAT',
    choices: FORMATS,
    default: DEFAULT_FORMAT,
    helpDefault: false,
    help: [
      `${format('human')}: timeline and summary; ${format('jsonl')}: one JSON object per event;`,
      `${format('summary')}: the summary only`,
    ],
  }),
  session: defineString({ value: 'ID', help: 'replay only this session' }),
  'session-key': defineString({
    value: 'KEY',
    default: DEFAULT_SESSION_KEY,
    help: 'variable that identifies a session',
  }),
  explain: defineFlag({ help: 'for each sent event, why each rule of the rulesets concerned fired or not' }),
  strict: defineFlag({ help: 'a bad line stops the replay (exit 1) instead of being skipped' }),
  'max-sessions': defineString({
    value: 'N',
    parse: parsePositiveInt,
    default: DEFAULT_REPLAY_MAX_SESSIONS,
    help: 'sessions tracked at once, least recently active forgotten beyond',
  }),
  compare: defineString({
    value: 'PATH',
    help: [
      'the rules before a change: replay through them too, and show only the events whose outcome',
      'differs from that of the --rules (after the change)',
    ],
  }),
  'compare-recorded': defineFlag({
    help: 'the before is instead the answers a decision log recorded (serve --decision-log)',
  }),
  'compare-on': defineChoice({
    value: 'WHAT',
    choices: COMPARE_ON_CHOICES,
    default: 'response',
    help: [
      `${listChoices(COMPARE_ON_CHOICES)}: with --compare, what makes an event differ: the response`,
      'the engine receives, the rules that fired, or either (being sent or not always does)',
    ],
  }),
  'fail-on-diff': defineFlag({ help: 'with --compare: exit 1 when any event differs' }),
  ...TARGET_OPTIONS,
  rate: defineString({ value: 'R', parse: parsePositiveNumber, help: 'raise at most R events per second' }),
  duration: defineString({
    value: 'D',
    parse: parseDuration,
    help: 'stop raising events after D (30s, 5m, 1h, 500ms)',
  }),
  loop: defineFlag({
    help: 'start the recordings again when they end, as new sessions (needs --duration)',
  }),
  ...ENGINE_OWN_UPDATES_OPTION,
  ...ENGINE_FILTER_OPTIONS,
  workers: defineString({
    value: 'N',
    parse: parseWorkers,
    helpDefault: false,
    help: [
      'replay the sessions in N worker threads, same output (default: as many as the CPUs',
      `for files of ${PARALLEL_FROM_BYTES / 1024 / 1024} MiB or more, else 1: in this thread)`,
    ],
  }),
  help: HELP_OPTION,
};

/** The rules of a replay given neither RECORDING, --rules nor --target: the working directory's. */
export const PACK_RULES = '.';

export const REPLAY_USAGE = formatUsage(
  `Usage: rulehook replay --rules PATH RECORDING... [options]
       rulehook replay --target URL RECORDING... [options]
       rulehook replay [options]

Replay recorded events as the engine would have raised them: apply each session's filter, evaluate the
rules for the events sent, apply their answers to later events; show what the webhook would have answered.
RECORDING: JSON Lines of {"session_variables": {...}} (.jsonl.gz read as is; - reads stdin). Without
RECORDING: the .jsonl and .jsonl.gz files of recordings/ in the current directory (a rule pack), through
the rules of the current directory unless --rules or --target is given.
Exit code: 0 done, 1 a problem (invalid rules, unreadable recording, a failed call, a difference
with --fail-on-diff, a bad line with --strict, interrupted), 2 wrong usage.
`,
  REPLAY_OPTIONS,
  { column: 29 },
);

/** Without RECORDING, `recordings` is empty: the command lists those of the pack in the working directory. */
export function parseReplayOptions(args: readonly string[]): ParseResult<ReplayOptions> {
  const parsed = parseCommandLine(args, REPLAY_OPTIONS, { positionals: true });
  if (!parsed.ok) return parsed;
  const { values: written, positionals: recordings, given } = parsed.options;
  // Without RECORDING, the pack in the working directory: its recordings/ (listed by the command) and,
  // unless told otherwise, its rules.
  const inPack = recordings.length === 0 && written.rules === undefined && written.target === undefined;
  const v = inPack ? { ...written, rules: PACK_RULES } : written;
  if (recordings.filter((r) => r === '-').length > 1) return refuse('stdin (-) can be read only once');
  const targetError = checkTargetOptions(v, (name) => given.has(name));
  if (targetError !== undefined) return refuse(targetError);
  if (v.target === undefined && v.rules === undefined)
    return refuse('give the rules to replay through with --rules PATH (or a live webhook with --target URL)');
  if (v.compare !== undefined && v.target !== undefined)
    return refuse('--compare replays in-process: not with --target');
  if (v.compare !== undefined && v.rules === undefined) return refuse('--compare needs --rules');
  if (v['compare-recorded'] && v.compare !== undefined)
    return refuse('--compare-recorded and --compare: compare with one or the other');
  if (v['compare-recorded'] && v.target !== undefined)
    return refuse('--compare-recorded replays in-process: not with --target');
  if (v['compare-recorded'] && v.rules === undefined) return refuse('--compare-recorded needs --rules');
  if (given.has('compare-on') && v.compare === undefined && !v['compare-recorded'])
    return refuse('--compare-on needs --compare or --compare-recorded');
  if (v['fail-on-diff'] && v.compare === undefined && !v['compare-recorded'])
    return refuse('--fail-on-diff needs --compare or --compare-recorded');
  if (v.explain && v.target !== undefined)
    return refuse('--explain needs the rules in-process: not with --target (replay without it to see why)');
  if (v.loop && v.duration === undefined)
    return refuse('--loop needs --duration (a load generator is bounded)');
  if (v.loop && recordings.includes('-')) return refuse('--loop cannot read stdin (-) twice');
  const paced = v.target !== undefined || v.rate !== undefined || v.duration !== undefined;
  if (v.workers !== undefined && v.workers > 1 && paced)
    return refuse(
      '--workers replays in-process rules as fast as it can: not with --target, --rate or --duration (give --workers 1 or leave it out)',
    );
  return {
    ok: true,
    options: {
      recordings,
      rules: v.rules,
      catalog: v.catalog,
      format: v.format,
      session: v.session,
      sessionKey: v['session-key'],
      explain: v.explain,
      strict: v.strict,
      compare: v.compare,
      compareRecorded: v['compare-recorded'],
      compareOn: v['compare-on'],
      failOnDiff: v['fail-on-diff'],
      target: v.target,
      targetKind: v['target-kind'],
      targetAccess: readTargetAccessFiles(v),
      concurrency: v.concurrency,
      timeoutMs: v.timeout,
      rate: v.rate,
      durationMs: v.duration,
      loop: v.loop,
      maxSessions: v['max-sessions'],
      engine: readEngineOptions(v),
      workers: v.workers,
    },
  };
}
