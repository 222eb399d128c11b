import { paint } from '../../terminal/style';
import { formatExplanation } from '../../rules/evaluate/format-explanation';
import type { RuleExplanation } from '../../rules/evaluate/explain-event';
import { describeResponse, describeStatus } from './describe-outcome';
import type { LaneOutcome } from '../lanes/replay-lane';

/** The event name column; a longer name is printed whole on its own line, the status below at its column. */
const EVENT_WIDTH = 24;
const SEQ_WIDTH = 5;
/** Where the status column starts: the indent, `#seq`, the event name, a space between each. */
const STATUS_COLUMN = 2 + SEQ_WIDTH + 1 + EVENT_WIDTH + 1;

/** The heading of a session's part of the timeline. */
export function formatSessionHeading(session: string, continued: boolean, color = false): string {
  const name = session === '' ? '(events without a session id)' : session;
  return `\n${paint(`session ${name}`, 'bold', color)}${continued ? ' (continued)' : ''}\n`;
}

/**
 * One event of the timeline: its position in the session, name and what
 * happened (a name wider than its column on a line of its own, whole, so
 * that the status column holds); then what the response asked for; then, with `--explain`, why each
 * rule of the rulesets concerned fired or not.
 */
export function formatTimelineEvent(
  outcome: LaneOutcome,
  options: { explain?: boolean; color?: boolean } = {},
): string {
  const { event } = outcome;
  const color = options.color === true;
  const status = describeStatus(outcome);
  const tint = outcome.error !== undefined ? 'red' : event.sent ? 'green' : 'dim';
  const seq = `#${event.seq}`.padEnd(SEQ_WIDTH);
  const name =
    event.event.length <= EVENT_WIDTH
      ? `${event.event.padEnd(EVENT_WIDTH)} `
      : `${event.event}\n${' '.repeat(STATUS_COLUMN)}`;
  let text = `  ${seq} ${name}${paint(status, tint, color)}\n`;
  for (const line of describeResponse(event.response)) text += `        ${line}\n`;
  if (options.explain === true && event.explanation !== undefined) {
    const relevant = selectRelevantRulesets(event.explanation);
    if (relevant.length > 0) text += `        why:\n${formatExplanation(relevant, '          ')}`;
  }
  return text;
}

/**
 * The explanations of the rulesets concerned by the event: those with at least
 * one rule whose `on` matches it. Every rule of such a ruleset is kept.
 */
export function selectRelevantRulesets(explanation: readonly RuleExplanation[]): RuleExplanation[] {
  const rulesetOf = (rule: string) => rule.slice(0, rule.indexOf('/'));
  const relevant = new Set(
    explanation.filter((e) => e.reason !== 'on' && e.reason !== 'disabled').map((e) => rulesetOf(e.rule)),
  );
  return explanation.filter((e) => relevant.has(rulesetOf(e.rule)));
}
