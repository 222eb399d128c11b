#!/usr/bin/env node
import { suggestName } from '../diagnostics';
import type { CliIO, CommandRunner } from '../terminal/command-io';
import { EXIT_USAGE } from './parse-options';
import { readPackageVersion } from './package-info';
import { runReplay } from './replay';
import { runServe } from './serve';
import { runTest } from './test';
import { runValidate } from './validate';

const USAGE = `Usage: rulehook <command> [options]

Commands:
  replay     replay recorded events through rules (or a live webhook), compare rule versions
  serve      serve the webhook over HTTP and gRPC
  test       run the rule tests (scenario files), with coverage
  validate   check rule files and report every problem

Options:
  -h, --help      show this help (rulehook <command> --help for a command's options)
  -v, --version   print the version
`;

/** Runs the CLI with the given arguments and I/O; returns the exit code. */
export async function runCli(args: string[], io: CliIO, signal?: AbortSignal): Promise<number> {
  const [command, ...rest] = args;
  const commands: Record<string, CommandRunner> = {
    replay: (a, i) => runReplay(a, i, { signal }),
    serve: (a, i) => runServe(a, i, { signal }),
    test: (a, i) => runTest(a, i, { signal }),
    validate: runValidate,
  };
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    io.stdout.write(USAGE);
    return command === undefined ? EXIT_USAGE : 0;
  }
  if (command === '--version' || command === '-v') {
    io.stdout.write(`${readPackageVersion()}\n`);
    return 0;
  }
  const run = commands[command];
  if (run === undefined) {
    const suggestion = suggestName(command, Object.keys(commands));
    const hint = suggestion === undefined ? '' : `; did you mean '${suggestion}'?`;
    io.stderr.write(`rulehook: unknown command ${JSON.stringify(command)}${hint}\n\n${USAGE}`);
    return EXIT_USAGE;
  }
  return run(rest, io);
}

function main(): void {
  const controller = new AbortController();
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => controller.abort());
  const io: CliIO = {
    stdout: process.stdout,
    stderr: process.stderr,
    cwd: process.cwd(),
    env: process.env,
    isTTY: process.stdout.isTTY === true,
  };
  runCli(process.argv.slice(2), io, controller.signal).then(
    (code) => {
      process.exitCode = code;
      // Servers are closed by now; leftover handles (e.g. idle client sockets) must not keep us alive.
      if (code !== 0 || controller.signal.aborted) setImmediate(() => process.exit(code));
    },
    (error: unknown) => {
      process.stderr.write(`rulehook: ${(error as Error)?.stack ?? String(error)}\n`);
      process.exit(1);
    },
  );
}

if (require.main === module) main();
