import type { EngineModel } from '../../../filter/engine-model';
import { DEFAULT_SESSION_KEY } from '../../../processor/session-key';
import { defineChoice, defineString, listChoices } from '../../options/define-options';
import { formatUsage } from '../../options/format-help';
import { HELP_OPTION, parseCommandLine, refuse, type ParseResult } from '../../options/parse-command-line';
import {
  ENGINE_FILTER_OPTIONS,
  ENGINE_OWN_UPDATES_OPTION,
  readEngineOptions,
} from '../../option-groups/engine-options';

const FORMATS = ['text', 'json'] as const;
export type SuggestFormat = (typeof FORMATS)[number];

export interface SuggestFilterCliOptions {
  /** Undefined: the pack in the current directory. */
  rules: string | undefined;
  catalog: string | undefined;
  /** Empty: the pack's recordings/. */
  recordings: string[];
  write: string | undefined;
  format: SuggestFormat;
  sessionKey: string;
  engine: EngineModel;
}

const SUGGEST_OPTIONS = {
  rules: defineString({
    value: 'PACK',
    helpDefault: 'the rule pack in the current directory',
    help: 'rule pack (directory or rule file) to suggest a filter for',
  }),
  catalog: defineString({
    value: 'FILE',
    helpDefault: 'catalog.yaml of the pack',
    help: 'catalog to check names against',
  }),
  write: defineString({
    value: 'FILE',
    help: [
      'write the proven filter as a rule file (an existing file only if suggest-filter wrote it);',
      'put it in the pack to use it',
    ],
  }),
  format: defineChoice({
    value: 'FORMAT',
    choices: FORMATS,
    default: 'text',
    helpDefault: false,
    help: listChoices(FORMATS, 'text'),
  }),
  'session-key': defineString({
    value: 'KEY',
    default: DEFAULT_SESSION_KEY,
    help: 'variable that identifies a call',
  }),
  ...ENGINE_OWN_UPDATES_OPTION,
  ...ENGINE_FILTER_OPTIONS,
  help: HELP_OPTION,
};

export const SUGGEST_FILTER_USAGE = formatUsage(
  `Usage: rulehook suggest-filter [--rules PACK] [RECORDING...] [options]

Suggest the event filter a rule pack can afford: entries for the events no rule fires on and the
variables no rule reads, each proven on recorded calls (replayed with and without it, every call gets
the same answers) and on the pack's scenario tests; print what each saves, and with --write write them
as a rule file that sets the filter at the start of each call.
RECORDING: JSON Lines of {"session_variables": {...}} (.jsonl.gz read as is). Without RECORDING: the
.jsonl and .jsonl.gz files of the pack's recordings/.
Exit code: 0 done (even with nothing to suggest), 1 the rules have errors, a recording cannot be read
or the file cannot be written, 2 wrong usage.
`,
  SUGGEST_OPTIONS,
  { column: 29 },
);

export function parseSuggestFilterOptions(args: readonly string[]): ParseResult<SuggestFilterCliOptions> {
  const parsed = parseCommandLine(args, SUGGEST_OPTIONS, { positionals: true });
  if (!parsed.ok) return parsed;
  const { values: v, positionals } = parsed.options;
  if (positionals.includes('-'))
    return refuse('give recording files: suggest-filter does not read stdin (-)');
  return {
    ok: true,
    options: {
      rules: v.rules,
      catalog: v.catalog,
      recordings: positionals,
      write: v.write,
      format: v.format,
      sessionKey: v['session-key'],
      engine: readEngineOptions(v),
    },
  };
}
