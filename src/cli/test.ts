import { statSync } from 'node:fs';
import path from 'node:path';
import { formatHumanReport, formatJsonReport, formatJunitReport } from '../testing/report';
import {
  decideExitCode,
  DEFAULT_TEST_PATHS,
  runScenarioTests,
  watchTests,
  type RunReport,
  type WatchTarget,
} from '../testing/run';
import type { CliIO } from '../terminal/command-io';
import { EXIT_USAGE, parseCommandArgs } from './parse-options';
import { shouldColor } from '../terminal/color';

export const TEST_USAGE = `Usage: rulehook test [PATH...] [options]

Run the rule tests: the scenario files (*.test.yaml) under the given files and directories
(default: rules/ and examples/). Each test simulates a call, event by event, through the rules it names.
Exit code: 0 when every test passes, 1 when a test fails or a rule or scenario file is invalid (or, with
--require-coverage, an enabled rule never fired), 2 on wrong usage.

Options:
  --filter TEXT        run only the tests whose name (or file path) contains TEXT (any case)
  --format FORMAT      human (default), json or junit
  --coverage           show how many events fired each rule, and the condition outcomes never seen
  --require-coverage   fail when an enabled rule never fired (implies --coverage)
  --allow-empty        no scenario file, a file without tests, or a --filter matching nothing is not an error
  --watch              run again whenever a rule or scenario file changes (stop with Ctrl-C)
  -h, --help           show this help
`;

const FORMATS = ['human', 'json', 'junit'] as const;
type Format = (typeof FORMATS)[number];

export interface TestControl {
  /** Stops --watch (the CLI wires SIGTERM and SIGINT to it); the last run's exit code is returned. */
  signal?: AbortSignal;
}

/** `rulehook test [PATH...] [--filter TEXT] [--format human|json|junit] [--coverage] [--require-coverage] [--allow-empty] [--watch]` */
export async function runTest(args: string[], io: CliIO, control: TestControl = {}): Promise<number> {
  const parsed = parseCommandArgs(
    args,
    {
      filter: { type: 'string' },
      format: { type: 'string', default: 'human' },
      coverage: { type: 'boolean', default: false },
      'require-coverage': { type: 'boolean', default: false },
      'allow-empty': { type: 'boolean', default: false },
      watch: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    true,
  );
  if (!parsed.ok) return failUsage(io, parsed.message);
  const values = parsed.values as Record<string, string | boolean | undefined>;
  if (values.help === true) {
    io.stdout.write(TEST_USAGE);
    return 0;
  }
  const format = values.format as Format;
  if (!FORMATS.includes(format))
    return failUsage(io, `--format expects human, json or junit, got ${JSON.stringify(values.format)}`);
  const requireCoverage = values['require-coverage'] === true;
  const options = {
    paths: parsed.positionals,
    cwd: io.cwd,
    ...(typeof values.filter === 'string' ? { filter: values.filter } : {}),
    allowEmpty: values['allow-empty'] === true,
    coverage: values.coverage === true || requireCoverage,
  };
  let last: RunReport | undefined;
  const runOnce = async () => {
    last = await runScenarioTests(options);
    io.stdout.write(
      formatReport(last, format, { color: format === 'human' && shouldColor(io), filter: options.filter }),
    );
    return decideExitCode(last, { allowEmpty: options.allowEmpty, requireCoverage });
  };
  if (values.watch !== true) return runOnce();
  const searched = parsed.positionals.length > 0 ? parsed.positionals : DEFAULT_TEST_PATHS;
  return watchTests({
    run: runOnce,
    watched: () => listWatchTargets(searched, last, io.cwd),
    onChange: (file) =>
      io.stdout.write(`\nrulehook test: ${path.relative(io.cwd, file) || file} changed; running again\n\n`),
    signal: control.signal,
  });
}

function formatReport(
  report: RunReport,
  format: Format,
  options: { color: boolean; filter?: string | undefined },
): string {
  if (format === 'json') return formatJsonReport(report);
  if (format === 'junit') return formatJunitReport(report);
  return formatHumanReport(
    report,
    options.filter === undefined
      ? { color: options.color }
      : { color: options.color, filter: options.filter },
  );
}

/** The paths searched (directories recursively), and every file the last run read. */
function listWatchTargets(
  searched: readonly string[],
  report: RunReport | undefined,
  cwd: string,
): WatchTarget[] {
  const targets: WatchTarget[] = [];
  for (const given of searched) {
    const absolute = path.resolve(cwd, given);
    try {
      targets.push({ path: absolute, directory: statSync(absolute).isDirectory() });
    } catch {
      // not there (yet)
    }
  }
  for (const file of report?.sources.keys() ?? [])
    targets.push({ path: path.resolve(cwd, file), directory: false });
  return targets;
}

function failUsage(io: CliIO, message: string): number {
  io.stderr.write(`rulehook test: ${message}\n\n${TEST_USAGE}`);
  return EXIT_USAGE;
}
