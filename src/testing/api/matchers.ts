import type { FilterReason } from '../../filter/decide';
import { findRuleReferences, describeUnknownRule, suggestRuleId } from '../scenario/check-rule-ids';
import type { ExpectationSpec } from '../scenario/scenario-spec';
import { checkEvent } from '../expect/check-event';
import { explainRules } from '../expect/explain-rules';
import { formatFailure } from '../report/format-failure';
import { formatHumanReport } from '../report/format-human';
import { decideExitCode } from '../run/run-tests';
import type { RunReport } from '../run/test-report';
import type { RulesUnderTest } from '../rules/rules-under-test';
import { getResultRules, type EventResult } from './test-session';

/** What jest gives a matcher as `this` (the part these matchers use). */
export interface MatcherThis {
  isNot?: boolean;
}

export interface MatcherResult {
  pass: boolean;
  message(): string;
}

function asEventResult(received: unknown, matcher: string): { result: EventResult; rules: RulesUnderTest } {
  const rules = typeof received === 'object' && received !== null ? getResultRules(received) : undefined;
  if (rules === undefined)
    throw new TypeError(
      `${matcher} expects the result of session.raise(), rules.event() or rules.call(), got ${typeof received}`,
    );
  return { result: received as EventResult, rules };
}

/** An unknown rule id fails the test whatever `.not` says: a misspelled id must never pass. */
function assertKnown(ids: readonly string[], rules: RulesUnderTest): void {
  for (const id of ids) {
    if (rules.ids.includes(id)) continue;
    const suggestion = suggestRuleId(id, rules.ids);
    throw new Error(
      `${describeUnknownRule(id, rules.ids)}${suggestion ? `; did you mean '${suggestion}'?` : ''}`,
    );
  }
}

const describeEvent = (r: EventResult) => `event ${r.index + 1} (${r.event})`;
const indent = (lines: readonly string[]) => lines.map((l) => `  ${l}`).join('\n');

/** `expect(result).toHaveFired('ruleset/rule', ...)`: the event was sent and these rules fired (others may have). */
export function toHaveFired(this: MatcherThis, received: unknown, ...ids: string[]): MatcherResult {
  const { result, rules } = asEventResult(received, 'toHaveFired');
  if (ids.length === 0) throw new Error('toHaveFired needs at least one rule id (ruleset/rule)');
  assertKnown(ids, rules);
  const fired = result.fired ?? [];
  const missing = ids.filter((id) => !fired.includes(id));
  const pass = result.sent && missing.length === 0;
  const message = pass
    ? () =>
        `expected ${ids.join(', ')} not to fire on ${describeEvent(result)}, but ${ids.length === 1 ? 'it' : 'they'} did:\n${indent(explainRules(result, ids, rules))}`
    : () =>
        `expected ${missing.join(', ')} to fire on ${describeEvent(result)}; fired: ${JSON.stringify(fired)}\nwhy:\n${indent(explainRules(result, missing, rules))}`;
  return { pass, message };
}

/**
 * `expect(result).toRespondWith({ fired: [...], updates: {...}, ... })`: the same
 * expectation as a scenario file's `expect`, compared the same way, with the same diff.
 */
export function toRespondWith(
  this: MatcherThis,
  received: unknown,
  expectation: ExpectationSpec,
): MatcherResult {
  const { result, rules } = asEventResult(received, 'toRespondWith');
  assertKnown(
    findRuleReferences(expectation as Record<string, unknown>, []).map((r) => r.id),
    rules,
  );
  const failure = checkEvent(result, expectation, { index: result.index, source: undefined, rules });
  if (failure === undefined)
    return {
      pass: true,
      message: () =>
        `expected ${describeEvent(result)} not to match ${JSON.stringify(expectation)}, but it does`,
    };
  return { pass: false, message: () => formatFailure(failure).trimEnd() };
}

/** `expect(result).toBeFiltered('keys_to_ignore')`: the engine's filter kept the event from the webhook. */
export function toBeFiltered(this: MatcherThis, received: unknown, reason?: FilterReason): MatcherResult {
  const { result } = asEventResult(received, 'toBeFiltered');
  const pass = !result.sent && (reason === undefined || result.reason === reason);
  const what = reason === undefined ? 'filtered' : `filtered by ${reason}`;
  const actual = result.sent
    ? `it was sent (changed: ${result.delta.join(', ') || 'nothing'})`
    : `it was filtered by ${result.reason} (entry ${JSON.stringify(result.entry)})`;
  return {
    pass,
    message: () =>
      `expected ${describeEvent(result)} ${this.isNot ? 'not ' : ''}to be ${what}, but ${actual}`,
  };
}

/** `expect(await runScenarios('examples/x')).toPass()`: every scenario test passed, no file had an error. */
export function toPass(this: MatcherThis, received: unknown): MatcherResult {
  const report = received as RunReport;
  if (typeof received !== 'object' || received === null || !Array.isArray(report.files))
    throw new TypeError('toPass expects the report of runScenarios()');
  const pass = decideExitCode(report, {}) === 0;
  return { pass, message: () => formatHumanReport(report, { color: false }) };
}

/** The matchers, for `expect.extend(matchers)`. */
export const matchers = { toHaveFired, toRespondWith, toBeFiltered, toPass };
