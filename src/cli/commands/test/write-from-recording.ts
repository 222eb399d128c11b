import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { formatDiagnostics } from '../../../diagnostics/format-report';
import { loadRuleBook } from '../../../rules/book/load-rule-book';
import { shouldColor } from '../../../terminal/color';
import type { CliIO } from '../../../terminal/command-io';
import { diffExpectations } from '../../../testing/from-recording/diff-expectations';
import { formatRecordedScenario } from '../../../testing/from-recording/format-recorded-scenario';
import { makeRecordedScenario } from '../../../testing/from-recording/make-recorded-scenario';
import { formatHumanReport } from '../../../testing/report/format-human';
import { describeRules } from '../../../testing/rules/rules-under-test';
import { runScenarioTests } from '../../../testing/run/run-tests';
import { SCENARIO_FILE } from '../../../testing/scenario/find-test-files';
import type { FromRecordingOptions } from './from-recording-options';
import { describeWrittenFrom, planRefresh } from './plan-refresh';
import { readRecordedCalls, selectCalls } from './read-recorded-calls';

const fail = (io: CliIO, message: string): number => {
  io.stderr.write(`rulehook test: ${message}\n`);
  return 1;
};

/**
 * `rulehook test --from-recording FILE [--session ID ...] --write OUT [--update]`: writes a test per
 * recorded call through the rules of the current directory, expecting today's answers, then runs the
 * written file as `rulehook test` does (it must pass). Nothing is written on a problem with the input.
 */
export async function writeTestsFromRecording(options: FromRecordingOptions, io: CliIO): Promise<number> {
  if (!SCENARIO_FILE.test(options.write))
    return fail(io, `--write ${options.write}: a scenario file's name ends in .test.yaml (or .test.yml)`);
  const out = path.resolve(io.cwd, options.write);
  if (!existsSync(path.dirname(out)))
    return fail(io, `--write ${options.write}: the directory ${path.dirname(options.write)} does not exist`);
  const plan = await planRefresh(options, out, io.cwd);
  if (!plan.ok) return fail(io, plan.message);
  const keep = plan.sessions.length === 0 ? undefined : new Set(plan.sessions);
  const read = await readRecordedCalls(plan.recording, io.cwd, keep);
  const selected = read.ok ? selectCalls(read.calls, plan.sessions, plan.recording) : read;
  if (!selected.ok) return fail(io, `${selected.message}; nothing written`);
  const loaded = await loadRuleBook(['.'], { cwd: io.cwd });
  const { diagnostics, sources } = loaded.load;
  if (diagnostics.length > 0)
    io.stderr.write(formatDiagnostics(diagnostics, sources, { format: 'human', color: shouldColor(io) }));
  if (!loaded.ok)
    return fail(io, 'the rules of the current directory have errors (see above); nothing written');
  // Tests through no rules would pin "nothing answers": the command was run outside the rule pack.
  if (loaded.book.rulesets.length === 0)
    return fail(
      io,
      "the current directory holds no rules: run this in the rule pack's directory; nothing written",
    );
  const made = await makeRecordedScenario({
    calls: selected.calls,
    recording: plan.recording,
    rulesPath: toPosix(path.relative(path.dirname(out), io.cwd)) || '.',
    rules: describeRules(loaded.book, loaded.load),
    engine: plan.engine,
  });
  for (const warning of made.warnings) io.stderr.write(`rulehook test: warning: ${warning}\n`);
  const text = formatRecordedScenario(made.spec, {
    recording: toPosix(path.relative(path.dirname(out), path.resolve(io.cwd, plan.recording))),
    written: describeWrittenFrom(plan, read.ok ? read.calls.map((c) => c.session) : [], options.write),
    refresh: `rulehook test --update --write ${options.write}`,
  });
  const events = made.spec.tests!.reduce((n, t) => n + (t.events?.length ?? 0), 0);
  const summary = `${count(made.spec.tests!.length, 'test')}, ${count(events, 'event')}`;
  if (plan.before !== undefined) {
    if (plan.before.text === text) {
      io.stdout.write(`${options.write}: no expectation changed (${summary} from ${plan.recording})\n`);
      return 0;
    }
    await writeFile(out, text);
    const diff = diffExpectations(plan.before.data, made.spec);
    io.stdout.write(
      diff.length === 0
        ? `${options.write}: rewritten; no expectation changed (${summary} from ${plan.recording})\n`
        : `${options.write}: expectations updated (- before, + now):\n${diff.map((l) => `  ${l}\n`).join('')}`,
    );
  } else {
    await writeFile(out, text, { flag: 'wx' });
    io.stdout.write(`wrote ${options.write}: ${summary} from ${plan.recording}\n`);
  }
  return checkWritten(options.write, io);
}

/** Runs the written file as `rulehook test` would: it passes, unless the rules answer differently run to run. */
async function checkWritten(written: string, io: CliIO): Promise<number> {
  const report = await runScenarioTests({ paths: [written], cwd: io.cwd });
  if (report.failed === 0 && !report.diagnostics.some((d) => d.severity === 'error')) {
    io.stdout.write(`rulehook test ${written}: ${report.passed} passed, 0 failed\n`);
    return 0;
  }
  io.stdout.write(formatHumanReport(report, { color: shouldColor(io) }));
  return fail(io, `${written} was written but does not pass: the rules did not answer the same twice`);
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

function toPosix(p: string): string {
  return p.split(path.sep).join('/');
}
