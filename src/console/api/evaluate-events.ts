import { toResponseJsonObject } from '../../contract/response-json';
import { describeRuleOutcome } from '../../rules/evaluate/format-explanation';
import { simulateLocally } from '../../simulation/simulate-locally';
import type { SimulatedEvent } from '../../simulation/simulated-event';
import type { ApiResult } from './api-result';
import { compileEdits } from './compile-edits';
import type { ConsoleContext } from './console-context';
import { readFilesField } from './read-files-field';
import { readEngineModel, readEvents } from './read-events';

/**
 * `POST /console/api/evaluate` `{files, events, engine?}`: the events raised in order through the engine
 * model of `rulehook test` and `replay` (deltas, filters, the session's earlier updates) in front of the
 * edited rules answering in-process, explained rule by rule as `replay --explain` explains them. Rules
 * with errors: 422 with their diagnostics.
 */
export async function evaluateEvents(
  body: Record<string, unknown>,
  context: ConsoleContext,
): Promise<ApiResult> {
  const files = readFilesField(body);
  if (!files.ok) return files.result;
  const events = readEvents(body);
  if (!events.ok) return events.result;
  const model = readEngineModel(body);
  if (!model.ok) return model.result;
  const compiled = await compileEdits(context.pack, files.value);
  if (!compiled.ok) return compiled.result;
  const engine = simulateLocally(compiled.book, { explain: true, model: model.value });
  const results = [];
  for (const event of events.value) results.push(describeResult(await engine.raise(event)));
  return { status: 200, body: { results } };
}

/** One event's result in the API's words: `{sent, reason?, entry?, delta, response, fired, rules}`. */
export function describeResult(result: SimulatedEvent): Record<string, unknown> {
  return {
    sent: result.sent,
    ...(result.reason === null ? {} : { reason: result.reason }),
    ...(result.entry === null ? {} : { entry: result.entry }),
    delta: result.delta,
    response: result.response === null ? null : toResponseJsonObject(result.response),
    fired: result.fired ?? [],
    rules: (result.explanation ?? []).map((e) => ({
      id: e.rule,
      fired: e.fired,
      why: describeRuleOutcome(e),
    })),
  };
}
