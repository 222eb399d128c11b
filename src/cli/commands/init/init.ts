import path from 'node:path';
import type { CommandRunner } from '../../../terminal/command-io';
import { createStarterPack } from './create-pack';
import { STARTER_FILES } from './starter-pack';
import { parseInitOptions, INIT_USAGE } from './init-options';
import { formatRows } from '../../options/format-help';
import { reportUsage } from '../../options/report-usage';

/** `rulehook init [DIR] [--force]`: see INIT_USAGE and docs/cli.md. */
export const runInit: CommandRunner = async (args, io) => {
  const parsed = parseInitOptions(args);
  if (!parsed.ok) return reportUsage(io, 'init', INIT_USAGE, parsed);
  const { dir, force } = parsed.options;
  const created = await createStarterPack(io.cwd, dir, force);
  if (!created.ok) {
    io.stderr.write(`rulehook init: ${created.message}\n`);
    return 1;
  }
  const shown = path.relative(io.cwd, path.resolve(io.cwd, dir)) || '.';
  io.stdout.write(formatCreated(shown));
  return 0;
};

/** The files created, then the commands to run next, in the order of the pack's README. */
function formatCreated(dir: string): string {
  const inside = (file: string) => (dir === '.' ? file : `${dir}/${file}`);
  const files = STARTER_FILES.map((f): [string, string] => [inside(f.path), f.role]);
  const commands = listNextCommands(dir);
  // One column for both lists, past the longest label: the descriptions line up.
  const column = Math.max(...[...files, ...commands].map(([label]) => label.length)) + 4;
  const where = dir === '.' ? 'the current directory' : quoteForShell(dir);
  return (
    `Created a rule pack in ${where}:\n${formatRows(files, column)}` +
    `\nNext (${inside('README.md')} explains each step):\n${formatRows(commands, column)}`
  );
}

const RECORDING = STARTER_FILES.find((f) => f.path.startsWith('recordings/'))!.path;

/** The commands `rulehook init` suggests, each with what it does: run as is, they pass on a new pack. */
export function listNextCommands(dir: string): [string, string][] {
  const here = dir === '.';
  const arg = quoteForShell(dir);
  return [
    [`npx rulehook validate --strict ${arg}`, 'check the rules'],
    [here ? 'npx rulehook test' : `npx rulehook test ${arg}`, 'run the scenario tests'],
    [
      here
        ? 'npx rulehook replay'
        : `npx rulehook replay --rules ${arg} ${quoteForShell(`${dir}/${RECORDING}`)}`,
      'replay the recorded calls',
    ],
    [`npx rulehook serve --rules ${arg}`, 'serve the webhook'],
  ];
}

/** A path as a POSIX shell word. */
function quoteForShell(word: string): string {
  return /^[\w./@%+=:,-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}
