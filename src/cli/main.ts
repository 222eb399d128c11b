#!/usr/bin/env node
import { suggestName } from '../diagnostics/did-you-mean';
import type { CliIO } from '../terminal/command-io';
import { reportUserError, UserError } from '../terminal/user-error';
import { exitProcess } from './exit-process';
import { defineFlag } from './options/define-options';
import { EXIT_USAGE } from './options/report-usage';
import { formatOptions, formatRows } from './options/format-help';
import { isOptionArgument } from './options/parse-command-line';
import { readPackageVersion } from './package-info';

interface Command {
  /** Its line in the help. */
  summary: string;
  run(args: string[], io: CliIO, signal: AbortSignal | undefined, reloads?: EventTarget): Promise<number>;
}

/**
 * The commands, in the order of the help. Each is loaded when run: a command loads only its own modules
 * (`replay` does not start by loading the HTTP and gRPC servers).
 */
const COMMANDS: Record<string, Command> = {
  console: {
    summary: 'serve the web console: edit, try and test the rules of a pack in a browser',
    run: async (args, io, signal) =>
      (await import('./commands/console/console')).runConsole(args, io, signal),
  },
  init: {
    summary: 'create a starter rule pack: rules, catalog, scenario tests, a recording',
    run: async (args, io) => (await import('./commands/init/init')).runInit(args, io),
  },
  lsp: {
    summary: 'run the language server for editors (diagnostics, completion, hover, quick fixes)',
    run: async (args, io) =>
      (await import('./commands/lsp/lsp')).runLsp(args, io, { input: process.stdin, output: process.stdout }),
  },
  replay: {
    summary: 'replay recorded events through rules (or a live webhook), compare rule versions',
    run: async (args, io, signal) =>
      (await import('./commands/replay/replay')).runReplay(args, io, { signal }),
  },
  sandbox: {
    summary: 'serve a local IVR bot and audio processing service with scripted biometric results',
    run: async (args, io, signal) =>
      (await import('./commands/sandbox/sandbox')).runSandbox(args, io, signal),
  },
  serve: {
    summary: 'serve the webhook over HTTP and gRPC',
    run: async (args, io, signal, reloads) =>
      (await import('./commands/serve/serve')).runServe(args, io, {
        signal,
        ...(reloads && { reloads }),
        forceExit: () => exitProcess(1),
      }),
  },
  'suggest-filter': {
    summary: 'suggest the event filter a pack can afford, proven on recorded calls',
    run: async (args, io) =>
      (await import('./commands/suggest-filter/suggest-filter')).runSuggestFilter(args, io),
  },
  test: {
    summary: 'run the rule tests (scenario files), with coverage',
    run: async (args, io, signal) => (await import('./commands/test/test')).runTest(args, io, { signal }),
  },
  validate: {
    summary: 'check rule files and report every problem',
    run: async (args, io) => (await import('./commands/validate/validate')).runValidate(args, io),
  },
};

const MAIN_OPTIONS = {
  help: defineFlag({
    short: 'h',
    help: "show this help (rulehook <command> --help for a command's options)",
  }),
  version: defineFlag({ short: 'v', help: 'print the version' }),
};

const USAGE = `Usage: rulehook <command> [options]

Commands:
${formatRows(
  Object.entries(COMMANDS).map(([name, command]) => [name, command.summary]),
  18,
)}
Options:
${formatOptions(MAIN_OPTIONS, 18)}`;

/** Runs the CLI with the given arguments and I/O; returns the exit code. */
export async function runCli(
  args: string[],
  io: CliIO,
  signal?: AbortSignal,
  reloads?: EventTarget,
): Promise<number> {
  const [command, ...rest] = args;
  if (command === undefined || command === 'help' || isOptionArgument(command, 'help', MAIN_OPTIONS.help)) {
    io.stdout.write(USAGE);
    return command === undefined ? EXIT_USAGE : 0;
  }
  if (isOptionArgument(command, 'version', MAIN_OPTIONS.version)) {
    io.stdout.write(`${readPackageVersion()}\n`);
    return 0;
  }
  const chosen = COMMANDS[command];
  if (chosen === undefined) {
    io.stderr.write(`rulehook: ${describeUnknownWord(command)}\n\n${USAGE}`);
    return EXIT_USAGE;
  }
  return runCommand(command, io, () => chosen.run(rest, io, signal, reloads));
}

/**
 * What the first argument is when it is neither a command nor a main option: a word starting with `-` was meant
 * as an option (`--verison`), so it is compared with the main options, not the commands.
 */
function describeUnknownWord(word: string): string {
  const isOption = word.startsWith('-');
  const candidates = isOption ? Object.keys(MAIN_OPTIONS).map((name) => `--${name}`) : Object.keys(COMMANDS);
  const suggestion = suggestName(word, candidates);
  const hint = suggestion === undefined ? '' : `; did you mean '${suggestion}'?`;
  return `unknown ${isOption ? 'option' : 'command'} ${JSON.stringify(word)}${hint}`;
}

/**
 * Runs a command: a UserError it throws is reported as `rulehook COMMAND: message`, with its exit code;
 * anything else it throws is a bug, left to main's reportBug.
 */
export async function runCommand(name: string, io: CliIO, run: () => Promise<number>): Promise<number> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    return reportUserError(io.stderr, name, error);
  }
}

/** The one way a bug (an error no command reported) ends `rulehook`: its stack on stderr, exit 1. */
function reportBug(error: unknown): void {
  process.stderr.write(`rulehook: ${(error as Error)?.stack ?? String(error)}\n`);
  process.exit(1);
}

function main(): void {
  const controller = new AbortController();
  // The signal's name is the abort's reason: `serve` drains on SIGTERM, not on SIGINT (Ctrl-C).
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => controller.abort(signal));
  // SIGHUP reloads the rules of a server; it must not end it (its default), even before the rules are loaded.
  const reloads = new EventTarget();
  if (process.argv[2] === 'serve') process.on('SIGHUP', () => reloads.dispatchEvent(new Event('reload')));
  const io: CliIO = {
    stdout: process.stdout,
    stderr: process.stderr,
    cwd: process.cwd(),
    env: process.env,
    isTTY: process.stdout.isTTY === true,
  };
  runCli(process.argv.slice(2), io, controller.signal, reloads).then((code) => {
    process.exitCode = code;
    // Servers are closed by now; leftover handles (e.g. idle client sockets) must not keep us alive.
    if (code !== 0 || controller.signal.aborted) setImmediate(() => exitProcess(code));
  }, reportBug);
}

if (require.main === module) main();
