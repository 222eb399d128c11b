import type { SuggestedFilter } from '../suggest-filter';
import { RECORDINGS_LIMIT } from './format-text';

/** The version of the JSON shape: it changes only when a field changes meaning or goes away. */
export const SUGGESTION_JSON_VERSION = 1;

/**
 * The machine report (`--format json`, docs/cli.md): one JSON object. Shares are fractions (0 to 1).
 */
export function formatSuggestionJson(result: SuggestedFilter, written: string | undefined): string {
  const report = {
    version: SUGGESTION_JSON_VERSION,
    recordings: result.recordings,
    calls: result.calls,
    events: result.events,
    entries: result.entries.map(({ list, entry, reason, savings }) => ({ list, entry, reason, savings })),
    dropped: result.dropped.map(({ list, entry, reason, counterExample }) => ({
      list,
      entry,
      reason,
      counterExample,
    })),
    rejected: result.rejected,
    total: result.total,
    firstAnswerTests: result.firstAnswer.map(({ file, test, line, failures }) => ({
      file,
      test,
      line: line ?? null,
      failures,
    })),
    written: written ?? null,
    replaced: result.replaced,
    limits: RECORDINGS_LIMIT,
  };
  return `${JSON.stringify(report, null, 2)}\n`;
}
