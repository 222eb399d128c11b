import { statSync } from 'node:fs';
import path from 'node:path';
import { formatHumanReport } from '../../../testing/report/format-human';
import { formatJsonReport } from '../../../testing/report/format-json';
import { formatJunitReport } from '../../../testing/report/format-junit';
import { decideExitCode, runScenarioTests } from '../../../testing/run/run-tests';
import { chooseDefaultTestPaths } from '../../../testing/run/default-test-paths';
import { watchTests, type WatchTarget } from '../../../testing/run/watch-tests';
import type { RunReport } from '../../../testing/run/test-report';
import { shouldColor } from '../../../terminal/color';
import type { CliIO } from '../../../terminal/command-io';
import { reportUsage } from '../../options/report-usage';
import { parseTestOptions, TEST_USAGE, type TestReportFormat } from './test-options';
import { writeTestsFromRecording } from './write-from-recording';

export interface TestControl {
  /** Stops --watch (the CLI wires SIGTERM and SIGINT to it); the last run's exit code is returned. */
  signal?: AbortSignal;
}

/**
 * `rulehook test [PATH...] [--filter TEXT] [--format human|json|junit] [--coverage] [--require-coverage] [--allow-empty] [--watch]`,
 * or `rulehook test --from-recording FILE [--session ID ...] --write OUT.test.yaml [--update]`.
 */
export async function runTest(args: string[], io: CliIO, control: TestControl = {}): Promise<number> {
  const parsed = parseTestOptions(args);
  if (!parsed.ok) return reportUsage(io, 'test', TEST_USAGE, parsed);
  const { format, requireCoverage, watch, fromRecording, ...options } = parsed.options;
  if (fromRecording !== undefined) return writeTestsFromRecording(fromRecording, io);
  let last: RunReport | undefined;
  const runOnce = async () => {
    last = await runScenarioTests({ ...options, requireCoverage, cwd: io.cwd });
    io.stdout.write(
      formatReport(last, format, { color: format === 'human' && shouldColor(io), filter: options.filter }),
    );
    return decideExitCode(last, { allowEmpty: options.allowEmpty, requireCoverage });
  };
  if (!watch) return runOnce();
  const searched = options.paths.length > 0 ? options.paths : chooseDefaultTestPaths(io.cwd);
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
  format: TestReportFormat,
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
