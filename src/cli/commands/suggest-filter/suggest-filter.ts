import { access, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { formatDiagnostics } from '../../../diagnostics/format-report';
import { findDefaultPacks } from '../../../rules/load/find-default-packs';
import { deriveFilter } from '../../../suggest/derive/derive-filter';
import type { DeriveInput } from '../../../suggest/derive/derive-filter';
import type { DerivedFilter } from '../../../suggest/derive/derived-filter';
import { formatSuggestionJson } from '../../../suggest/report/format-json';
import { formatSuggestionText } from '../../../suggest/report/format-text';
import { suggestFilter } from '../../../suggest/suggest-filter';
import { isSuggestedFile } from '../../../suggest/write/filter-file';
import { shouldColor } from '../../../terminal/color';
import type { CliIO } from '../../../terminal/command-io';
import { reportUsage } from '../../options/report-usage';
import { describeSchemaReference } from '../init/starter-pack';
import { listPackRecordings } from '../replay/pack-recordings';
import { parseSuggestFilterOptions, SUGGEST_FILTER_USAGE } from './suggest-filter-options';

/** What the command derives candidates with: G's static derivation, or a test's fixed list. */
export interface SuggestFilterControl {
  derive?: (input: DeriveInput) => DerivedFilter;
}

/** `rulehook suggest-filter`: see SUGGEST_FILTER_USAGE and docs/filters.md. */
export async function runSuggestFilter(
  args: string[],
  io: CliIO,
  control: SuggestFilterControl = {},
): Promise<number> {
  const parsed = parseSuggestFilterOptions(args);
  if (!parsed.ok) return reportUsage(io, 'suggest-filter', SUGGEST_FILTER_USAGE, parsed);
  const options = parsed.options;
  const usage = (message: string) =>
    reportUsage(io, 'suggest-filter', SUGGEST_FILTER_USAGE, { ok: false, message });
  let rules = options.rules;
  if (rules === undefined) {
    const found = findDefaultPacks(io.cwd);
    if (found.kind !== 'pack')
      return usage(
        'the current directory is not a rule pack (no catalog.yaml or *.test.yaml): give it with --rules PACK' +
          (found.kind === 'none' && found.above !== undefined ? ` (the nearest is ${found.above})` : ''),
      );
    rules = '.';
  }
  let recordings = options.recordings;
  if (recordings.length === 0) {
    const packDir = (await isDirectory(path.resolve(io.cwd, rules))) ? rules : path.dirname(rules);
    recordings = (await listPackRecordings(path.resolve(io.cwd, packDir))).map((r) => path.join(packDir, r));
    if (recordings.length === 0)
      return usage(`give at least one recording: ${path.join(packDir, 'recordings')} has no .jsonl file`);
  }
  for (const name of recordings)
    if (!(await exists(path.resolve(io.cwd, name)))) {
      io.stderr.write(`rulehook suggest-filter: cannot read ${name}: no such file\n`);
      return 1;
    }
  const target = options.write === undefined ? undefined : path.resolve(io.cwd, options.write);
  if (target !== undefined) {
    const refused = await checkWritable(target, options.write!);
    if (refused !== undefined) {
      io.stderr.write(`rulehook suggest-filter: ${refused}\n`);
      return 1;
    }
  }
  let badLines = 0;
  const result = await suggestFilter({
    ...options,
    rules,
    recordings,
    cwd: io.cwd,
    schema: describeSchemaReference(path.dirname(target ?? path.resolve(io.cwd, rules)), 'rules.schema.json'),
    refresh: ['rulehook suggest-filter', ...args].join(' '),
    derive: control.derive ?? deriveFilter,
    onBadLine: (item) => {
      if (++badLines <= 100)
        io.stderr.write(
          `rulehook suggest-filter: ${item.file}:${item.line}: ${item.message}; line skipped\n`,
        );
    },
  });
  if (!result.ok && result.problem === 'rules') {
    const { diagnostics, sources } = result.load;
    io.stderr.write(formatDiagnostics(diagnostics, sources, { format: 'human', color: shouldColor(io) }));
    io.stderr.write(`rulehook suggest-filter: ${rules} has errors (see above)\n`);
    return 1;
  }
  if (!result.ok) {
    io.stderr.write(`rulehook suggest-filter: ${result.message}\n`);
    return 1;
  }
  const value = result.value;
  let written: string | undefined;
  if (target !== undefined && value.text !== undefined) {
    await writeFile(target, value.text);
    written = options.write;
  } else if (target !== undefined)
    io.stderr.write(`rulehook suggest-filter: no entry to suggest: ${options.write} not written\n`);
  if (badLines > 0) io.stderr.write(`rulehook suggest-filter: ${badLines} bad lines skipped\n`);
  io.stdout.write(
    options.format === 'json' ? formatSuggestionJson(value, written) : formatSuggestionText(value, written),
  );
  return 0;
}

/** Why `file` may not be written: an existing file is overwritten only when suggest-filter wrote it. */
async function checkWritable(file: string, shown: string): Promise<string | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'ENOENT')
      return (await isDirectory(path.dirname(file)))
        ? undefined
        : `cannot write ${shown}: its directory does not exist`;
    if (code === 'EISDIR') return `cannot write ${shown}: it is a directory`;
    return `cannot write ${shown}: ${(error as Error).message}`;
  }
  return isSuggestedFile(text)
    ? undefined
    : `${shown} exists and was not written by suggest-filter: not overwritten (give another --write FILE, or delete it)`;
}

async function isDirectory(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isDirectory();
  } catch {
    return false;
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}
