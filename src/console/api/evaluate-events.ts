import { toResponseJsonObject } from '../../contract/response-json';
import { toJsonDiagnostics } from '../../diagnostics/format-json';
import { compileLoadedRules } from '../../rules/book/load-rule-book';
import { describeRuleOutcome } from '../../rules/evaluate/format-explanation';
import { simulateLocally } from '../../simulation/simulate-locally';
import type { SimulatedEvent } from '../../simulation/simulated-event';
import { failWith, type ApiResult } from './api-result';
import { openEdits } from './check-edits';
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
  const workspace = openEdits(context.pack, files.value);
  const load = await workspace.packFrom(context.pack.source).check(workspace.open);
  const compiled = compileLoadedRules(load);
  if (!compiled.ok) {
    const errors = load.diagnostics.filter((d) => d.severity === 'error').length;
    return failWith(
      422,
      'RULES_INVALID',
      `the rules have ${errors} error${errors === 1 ? '' : 's'}: nothing ran`,
      {
        diagnostics: toJsonDiagnostics(load.diagnostics, load.sources),
      },
    );
  }
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
