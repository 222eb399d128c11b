import { formatExplanation } from '../../rules/evaluate/format-explanation';
import type { CompareStats } from '../stats/compare-stats';
import type { CompareOn, OutcomeChange } from '../stats/compare-outcomes';
import { describeResponse, describeStatus } from './describe-outcome';
import { formatForgottenWarning } from './format-summary';
import { formatCount } from '../../terminal/format-count';
import { paint } from '../../terminal/style';
import { selectRelevantRulesets } from './format-timeline';
import { toJsonlObject, type EventLocation } from './format-jsonl';
import type { LaneOutcome } from '../lanes/replay-lane';

const CHANGE_TEXT: Record<OutcomeChange, string> = {
  sent: 'sent or not',
  fired: 'rules fired',
  response: 'response',
};

/** The two sides of a comparison, as every human output names them: `--compare` is the before. */
const SIDE_LABEL = { before: 'before', after: 'after ' } as const;

const OUTCOME_INDENT = ' '.repeat(14);

/**
 * One differing event for people: where it is, what differs, and each side's outcome, before (the
 * `--compare` rules or the recorded answers) then after (the `--rules`: the rules being tried).
 */
export function formatCompareEvent(
  location: EventLocation,
  rules: LaneOutcome,
  compare: LaneOutcome,
  changes: readonly OutcomeChange[],
  options: { explain?: boolean; color?: boolean } = {},
): string {
  const e = rules.event;
  const what = changes.map((c) => CHANGE_TEXT[c]).join(', ');
  let text = `  #${e.seq} ${e.event} (${location.file}:${location.line}) differs: ${what}\n`;
  const side = (label: string, outcome: LaneOutcome, tint: 'red' | 'green') => {
    text += `    ${paint(label, tint, options.color === true)}  ${describeStatus(outcome)}\n`;
    for (const line of describeResponse(outcome.event.response)) text += `${OUTCOME_INDENT}${line}\n`;
    if (options.explain === true && outcome.event.explanation !== undefined) {
      const relevant = selectRelevantRulesets(outcome.event.explanation);
      if (relevant.length > 0)
        text += `${OUTCOME_INDENT}why:\n${formatExplanation(relevant, `${OUTCOME_INDENT}  `)}`;
    }
  };
  side(SIDE_LABEL.before, compare, 'red');
  side(SIDE_LABEL.after, rules, 'green');
  return text;
}

/** The `--compare --format jsonl` object of one differing event. */
export function toCompareJsonObject(
  location: EventLocation,
  rules: LaneOutcome,
  compare: LaneOutcome,
  changes: readonly OutcomeChange[],
  explain = false,
): Record<string, unknown> {
  const side = (outcome: LaneOutcome) => {
    const { sent, reason, entry, delta, fired, response, error, explanation } = toJsonlObject(
      location,
      outcome,
      explain,
    );
    const out: Record<string, unknown> = { sent, reason, entry, delta, fired, response };
    if (error !== undefined) out.error = error;
    if (explain) out.explanation = explanation;
    return out;
  };
  const e = rules.event;
  return {
    file: location.file,
    line: location.line,
    session: e.session,
    seq: e.seq,
    event: e.event,
    changes,
    rules: side(rules),
    compare: side(compare),
  };
}

const COMPARED_ON: Record<CompareOn, string> = {
  response: 'the response (whether each event is sent, and what the engine receives)',
  fired: 'the rules fired (whether each event is sent, and which rules fired)',
  all: 'everything (sent or not, the rules fired, the response)',
};

/**
 * How many sessions and events changed on the basis compared on, and how many of each kind of change;
 * `sides` names what each side is (`before`: the `--compare` rules or the recorded answers).
 */
export function formatCompareSummary(
  stats: CompareStats,
  sides: { before: string; after: string },
  files: number,
  forgottenReturned?: number,
): string {
  const row = (label: string, text: string) => `  ${label.padEnd(12)} ${text}\n`;
  let out = '\nCompare\n';
  out += row('before', sides.before);
  out += row('after', sides.after);
  const bad = stats.badLines === 0 ? '' : ` (${formatCount(stats.badLines)} bad lines skipped)`;
  out += row(
    'events',
    `${formatCount(stats.events)} in ${formatCount(stats.sessions)} sessions, from ${formatCount(files)} file${files === 1 ? '' : 's'}${bad}`,
  );
  out += formatForgottenWarning(forgottenReturned);
  const basis = COMPARED_ON[stats.on];
  out += row('compared on', basis);
  if (stats.changedEvents === 0 && stats.firedChanged === 0 && stats.responseChanged === 0)
    return out + row('differ', 'nothing: every event has the same outcome before and after');
  out += row(
    'differ',
    `${formatCount(stats.changedEvents)} events in ${formatCount(stats.changedSessions.size)} sessions (listed)`,
  );
  out += row(
    'sent',
    `${formatCount(stats.sentOnlyByCompare)} sent only before, ${formatCount(stats.sentOnlyByRules)} sent only after`,
  );
  out += row('fired', `${formatCount(stats.firedChanged)} events fired different rules`);
  out += row('response', `${formatCount(stats.responseChanged)} events got a different response`);
  const rules = stats.changedRuleCounts();
  if (rules.length > 0) {
    out += '  fire counts  (before -> after)\n';
    const width = Math.max(...rules.map(([rule]) => rule.length));
    for (const [rule, after, before] of rules)
      out += `    ${rule.padEnd(width)}  ${formatCount(before)} -> ${formatCount(after)}\n`;
  }
  return out;
}
