import { toResponseJsonObject } from '../../contract/response-json';
import { describeCondition } from '../../rules/evaluate/format-explanation';
import type { RuleExplanation } from '../../rules/evaluate/explain-event';
import type { LaneOutcome } from '../lanes/replay-lane';

/** Where an event was read: the file as named on the command line (`-` for stdin) and its 1-based line. */
export interface EventLocation {
  file: string;
  line: number;
}

/**
 * The `--format jsonl` object of one event (the contract other tools parse;
 * docs/replay.md): file, line, session, seq, event, sent, reason, entry, delta,
 * fired, response, in this order; `listened_by` only on a filtered event that rules wait for (their `on:`
 * takes it: the rules in-process only); `fired_exposed: false` only when a rulehook
 * target did not say which rules fired; `error` only when a call to a target
 * failed; `explanation` only with `--explain`.
 */
export function toJsonlObject(
  location: EventLocation,
  { event, error, firedHidden }: LaneOutcome,
  explain = false,
): Record<string, unknown> {
  const out: Record<string, unknown> = {
    file: location.file,
    line: location.line,
    session: event.session,
    seq: event.seq,
    event: event.event,
    sent: event.sent,
    reason: event.reason,
    entry: event.entry,
    delta: event.delta,
    fired: event.fired,
    response: event.response === null ? null : toResponseJsonObject(event.response),
  };
  if (event.listening !== undefined) out.listened_by = event.listening;
  if (firedHidden === true) out.fired_exposed = false;
  if (error !== undefined) out.error = error;
  if (explain)
    out.explanation = event.explanation === undefined ? null : event.explanation.map(toExplanationJson);
  return out;
}

function toExplanationJson(e: RuleExplanation): Record<string, unknown> {
  const out: Record<string, unknown> = { rule: e.rule, fired: e.fired, reason: e.reason };
  if (e.condition !== undefined) out.condition = describeCondition(e.condition);
  return out;
}

/** One line of `--format jsonl`. */
export function formatJsonlLine(location: EventLocation, outcome: LaneOutcome, explain = false): string {
  return JSON.stringify(toJsonlObject(location, outcome, explain)) + '\n';
}
