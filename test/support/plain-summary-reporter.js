/**
 * Ends a jest run with one plain line, `N passed, N failed` (`, N skipped` when any),
 * which CI systems that do not know jest's own summary can read.
 */
class PlainSummaryReporter {
  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    const suffix = skipped > 0 ? `, ${skipped} skipped` : '';
    process.stdout.write(`${results.numPassedTests} passed, ${results.numFailedTests} failed${suffix}\n`);
  }
}

module.exports = PlainSummaryReporter;
