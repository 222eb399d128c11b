import { formatCompareSummary } from '../report/format-compare';
import { formatSummary, type ReplayEnd } from '../report/format-summary';
import type { TargetWebhook } from '../lanes/target-webhook';
import { CompareStats } from '../stats/compare-stats';
import type { ReplayStats } from '../stats/replay-stats';
import type { ReplayOptions } from './run-options';

/** What the compare summary calls the before side with `--compare-recorded`. */
const RECORDED_LABEL = 'the answers recorded in the decision log (--compare-recorded)';

/** The summary printed after a replay: the compare summary with `--compare` or `--compare-recorded`. */
export function formatEndSummary(input: {
  options: ReplayOptions;
  stats: ReplayStats | CompareStats;
  rules: string[] | undefined;
  webhook: TargetWebhook | undefined;
  elapsedMs: number;
  end: ReplayEnd;
  forgottenReturned: number;
}): string {
  const { options, stats, rules, webhook } = input;
  const files = options.recordings.length;
  if (stats instanceof CompareStats)
    return formatCompareSummary(
      stats,
      {
        before: options.compare === undefined ? RECORDED_LABEL : `${options.compare} (--compare)`,
        after:
          options.rules === '.'
            ? 'the rules of the current directory (.)'
            : `${options.rules ?? ''} (--rules)`,
      },
      files,
      input.forgottenReturned,
    );
  return formatSummary({
    stats,
    files,
    ...(rules === undefined ? {} : { rules }),
    ...(webhook === undefined ? {} : { target: webhook.report() }),
    elapsedMs: input.elapsedMs,
    end: input.end,
    forgottenReturned: input.forgottenReturned,
  });
}
