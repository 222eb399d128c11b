/**
 * Ends a jest run with one plain line, `N passed, N failed` (then `, N skipped` and `, N suites failed
 * to run` when any), which CI systems that do not know jest's own summary can read.
 *
 * Before it, every suite (or part of one) skipped for what the machine lacks, with what to install
 * (describe-requiring.ts): jest's default reporter shows no console output of a suite it skipped whole,
 * so a run of many suites would otherwise skip them silently.
 */
const SKIPPED = '*** SKIPPED: ';

class PlainSummaryReporter {
  constructor() {
    this.skips = [];
  }

  onTestResult(_test, result) {
    for (const entry of result.console ?? []) {
      const line = entry.message.trim();
      if (line.startsWith(SKIPPED)) this.skips.push(line);
    }
  }

  onRunComplete(_contexts, results) {
    if (this.skips.length > 0) process.stdout.write(`\n${[...new Set(this.skips)].join('\n')}\n`);
    const skipped = results.numPendingTests + results.numTodoTests;
    const broken = results.numRuntimeErrorTestSuites;
    const suffix =
      (skipped > 0 ? `, ${skipped} skipped` : '') + (broken > 0 ? `, ${broken} suites failed to run` : '');
    process.stdout.write(`${results.numPassedTests} passed, ${results.numFailedTests} failed${suffix}\n`);
  }
}

module.exports = PlainSummaryReporter;
