import { toResponseJsonObject } from '../../contract/response-json';
import { withoutReservedUpdates } from '../../contract/reserved-variables';
import type { SpecPath } from '../../rules/spec';
import type { SimulatedEvent } from '../../simulation/simulated-event';
import type { RulesUnderTest } from '../rules/rules-under-test';
import { listItems } from '../scenario/check-scenario';
import { RESPONSE_EXPECTATIONS, type ExpectationSpec } from '../scenario/scenario-spec';
import { ABSENT, compare, type Mismatch } from './compare';
import { checkFired } from './check-fired';
import { checkUpdates } from './check-updates';
import { describeNotSent, describeProducers, describeSent } from './explain-rules';
import { compileMatcher } from './matcher';

/** What went wrong on one event of a test: the differences, and lines saying why. */
export interface EventFailure {
  /** 0-based index of the event in its session. */
  index: number;
  event: string;
  mismatches: Mismatch[];
  /** Explanations: why rules fired or not, why the event was not sent, which rules wrote a value. */
  notes: string[];
}

export interface CheckEventOptions {
  index: number;
  /** Where the expectation is written; undefined for expectations built in code. */
  source: SpecPath | undefined;
  rules: RulesUnderTest;
}

/** Checks one event against its expectation; undefined when it holds. */
export function checkEvent(
  result: SimulatedEvent,
  expectation: ExpectationSpec,
  options: CheckEventOptions,
): EventFailure | undefined {
  const at = `events[${options.index}]`;
  const src = (key: string): SpecPath | undefined => (options.source ? [...options.source, key] : undefined);
  const check = (key: keyof ExpectationSpec, actual: unknown, path: string) =>
    compare(compileMatcher(expectation[key], src(key)), actual, path);
  const mismatches: Mismatch[] = [];
  const notes = new Set<string>();
  for (const key of ['sent', 'reason', 'entry'] as const)
    if (expectation[key] !== undefined) mismatches.push(...check(key, result[key], `${at}.${key}`));
  if (expectation.variables !== undefined)
    mismatches.push(...check('variables', result.variables, `${at}.variables`));
  if ((expectation.sent !== undefined || expectation.reason !== undefined) && mismatches.length > 0)
    notes.add(result.sent ? describeSent(result) : describeNotSent(result));
  const wanted = RESPONSE_EXPECTATIONS.filter(
    (k) => expectation[k] !== undefined && !(k === 'fired' && listItems(expectation.fired).length === 0),
  );
  if (!result.sent && wanted.length > 0) {
    mismatches.push({
      path: `${at}.sent`,
      source: src(wanted[0]!) ?? options.source,
      expected: true,
      actual: false,
      message: `'${wanted.join("', '")}' need${wanted.length === 1 ? 's' : ''} the webhook's answer, but the event was not sent`,
    });
    notes.add(describeNotSent(result));
  } else if (result.sent && result.response !== null) {
    // rulehook's own state variables are bookkeeping, not what the rules asked for (docs/state.md).
    const response = withoutReservedUpdates(result.response);
    const fired = checkFired(result, expectation, { at, source: options.source, rules: options.rules });
    mismatches.push(...fired.mismatches);
    fired.notes.forEach((n) => notes.add(n));
    const parts = [
      ['operations', response.actions_to_perform, 'actions_to_perform', 'schedule'],
      ['nodes', response.nodes_to_override, 'nodes_to_override', 'nodes'],
      ['filter', toResponseJsonObject(response).event_filter ?? ABSENT, 'event_filter', 'filter'],
    ] as const;
    for (const [key, actual, wire, part] of parts) {
      if (expectation[key] === undefined) continue;
      const found = check(key, actual, `${at}.response.${wire}`);
      mismatches.push(...found);
      const producers = found.length > 0 ? describeProducers(result, part, options.rules) : undefined;
      if (producers) notes.add(producers);
    }
    if (expectation.updates !== undefined) {
      const updates = checkUpdates(response, result, expectation.updates, {
        at,
        source: src('updates'),
        rules: options.rules,
      });
      mismatches.push(...updates.mismatches);
      updates.notes.forEach((n) => notes.add(n));
    }
    if (expectation.response !== undefined)
      mismatches.push(...check('response', toResponseJsonObject(response), `${at}.response`));
  }
  if (mismatches.length === 0) return undefined;
  return { index: options.index, event: result.event, mismatches, notes: [...notes] };
}
