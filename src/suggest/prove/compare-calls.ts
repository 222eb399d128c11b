import { toResponseJsonObject } from '../../contract/response-json';
import type { CustomLogicResponse } from '../../contract/types';
import type { SimulatedEvent } from '../../simulation/simulated-event';
import type { RecordedCall } from '../read/recorded-calls';
import { createSuggestedView, type SuggestedRule } from './suggested-view';

/** What can differ in what the webhook asked the engine to do, per event. */
export type AnswerPart = 'sent' | 'fired' | 'operations' | 'updates' | 'nodes' | 'filter';

/** The first event of a recorded call whose answer the suggested filter changes: a counter-example. */
export interface CallDifference {
  kind: 'call';
  session: string;
  event: string;
  /** 1-based position of the event in its call. */
  seq: number;
  file: string;
  line: number;
  differs: AnswerPart[];
  /** The answer without the suggested rule, and with it (its own contribution left out); null: not sent. */
  without: Record<string, unknown> | null;
  with: Record<string, unknown> | null;
  /** In plain words: what the pack asked, and what became of it. */
  message: string;
}

const PARTS = [
  ['operations', (r: CustomLogicResponse) => r.actions_to_perform],
  ['updates', (r: CustomLogicResponse) => r.session_variable_updates],
  ['nodes', (r: CustomLogicResponse) => r.nodes_to_override],
  [
    'filter',
    (r: CustomLogicResponse) => (r.event_filter === undefined ? null : toResponseJsonObject(r).event_filter),
  ],
] as const;

/**
 * The first difference between the pack's answers to the recorded calls (`before`) and those of the pack
 * with the suggested rule (`after`), each call in order: an event the filter drops must have been answered
 * with nothing asked; an event both send must get the same answer, the suggested rule's own part left out.
 */
export function findFirstDifference(
  calls: readonly RecordedCall[],
  before: readonly (readonly SimulatedEvent[])[],
  after: readonly (readonly SimulatedEvent[])[],
  suggested: SuggestedRule,
): CallDifference | undefined {
  for (const [c, call] of calls.entries()) {
    const viewBefore = createSuggestedView(undefined);
    const viewAfter = createSuggestedView(suggested);
    for (const [i, recorded] of call.events.entries()) {
      const b = viewBefore(before[c]![i]!);
      const a = viewAfter(after[c]![i]!);
      const differs = compareAnswers(b, a);
      if (differs.length === 0) continue;
      const where = {
        session: call.session,
        event: b.event,
        seq: b.seq,
        file: recorded.file,
        line: recorded.line,
      };
      return {
        kind: 'call',
        ...where,
        differs,
        without: wireOf(b),
        with: wireOf(a),
        message: explain(b, a, differs),
      };
    }
  }
  return undefined;
}

/** The parts that differ; a dropped event differs only when its answer without the filter asked something. */
export function compareAnswers(before: SimulatedEvent, after: SimulatedEvent): AnswerPart[] {
  if (!before.sent) return after.sent ? ['sent'] : [];
  if (!after.sent) return listAskedParts(before.response!);
  const differs: AnswerPart[] = [];
  if (JSON.stringify(before.fired) !== JSON.stringify(after.fired)) differs.push('fired');
  for (const [part, read] of PARTS)
    if (JSON.stringify(read(before.response!)) !== JSON.stringify(read(after.response!))) differs.push(part);
  if (before.response!.result_code !== after.response!.result_code && !differs.includes('operations'))
    differs.push('operations');
  return differs;
}

/** What an answer asks the engine to do (rulehook's own updates left out by the view). */
function listAskedParts(response: CustomLogicResponse): AnswerPart[] {
  return PARTS.filter(([, read]) => {
    const value = read(response);
    return value !== null && (!Array.isArray(value) || value.length > 0);
  }).map(([part]) => part);
}

function wireOf(event: SimulatedEvent): Record<string, unknown> | null {
  return event.sent && event.response !== null ? toResponseJsonObject(event.response) : null;
}

function explain(before: SimulatedEvent, after: SimulatedEvent, differs: AnswerPart[]): string {
  if (!after.sent)
    return (
      `the filter stops this event (entry '${after.entry}'), but the pack answers it: ` +
      `${JSON.stringify(wireOf(before))}`
    );
  if (!before.sent) return 'the filter makes the engine send this event, which the pack alone did not get';
  return (
    `the answer changes (${differs.join(', ')}): without the filter ${JSON.stringify(wireOf(before))}` +
    ` fired [${(before.fired ?? []).join(', ')}]; with it ${JSON.stringify(wireOf(after))}` +
    ` fired [${(after.fired ?? []).join(', ')}]`
  );
}
