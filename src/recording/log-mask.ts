import type { CustomLogicResponse, EventFilterAction, SessionVariables } from '../contract/types';
import type { LogMask } from '../contract/decision-line';
import { createValueHasher } from './hash-values';
import { createNameMatcher } from './match-names';
import { redactWith } from './redact-variables';
import { replaceValues } from './replace-values';

/**
 * Personal values shorter than this are not searched for in the texts rules wrote: a one-digit or
 * two-letter value would shred every text it occurs in, and says little about anyone. (They are still
 * hashed where they are the value of a personal variable.)
 */
export const MIN_SEARCHED_VALUE_CHARS = 4;

/**
 * The mask of `serve --mask GLOB...` (docs/operations.md, "Masking personal data"): variables whose name
 * matches a glob, in any case, are personal and their values are hashed (hashValue, under `key`). In a
 * response, a personal value of at least MIN_SEARCHED_VALUE_CHARS characters is also replaced wherever a
 * rule copied it (`message: "mismatch for ${call.ani}"`), by the same hash as the variable's. All of it
 * runs only when a line is written: the decision log after the answer, the debug line when enabled.
 */
export function createLogMask(globs: readonly string[], key: Buffer | string): LogMask {
  const isPersonal = createNameMatcher(globs, '--mask');
  const hash = createValueHasher(key);
  const maskTexts = (response: CustomLogicResponse, values: string[]): CustomLogicResponse => {
    const updates = response.session_variable_updates;
    for (const { key: name, value } of updates) if (isPersonal(name)) addSearched(values, value);
    const searched = sortLongestFirst(values);
    const maskUpdate = (name: string, value: string): string =>
      isPersonal(name) ? hash(value) : replaceValues(value, searched, hash);
    const filter = response.event_filter;
    return {
      ...response,
      actions_to_perform: response.actions_to_perform.map(({ action, parameters }) => ({
        action,
        parameters: mapValues(parameters, (_, value) => replaceValues(value, searched, hash)),
      })),
      session_variable_updates: updates.map(({ key: name, value }) => ({
        key: name,
        value: maskUpdate(name, value),
      })),
      ...(filter === undefined ? {} : { event_filter: maskFilter(filter, maskUpdate) }),
    };
  };
  return {
    maskVariables: redactWith(isPersonal, hash),
    // One pass over the event's names finds what to hash and what to search for.
    maskDecision(variables, response) {
      let masked: SessionVariables | undefined;
      const values: string[] = [];
      for (const name in variables) {
        if (!isPersonal(name)) continue;
        const value = variables[name] as string;
        masked ??= { ...variables };
        masked[name] = hash(value);
        addSearched(values, value);
      }
      return {
        variables: masked ?? variables,
        response: hasTexts(response) ? maskTexts(response, values) : response,
      };
    },
  };
}

/** Whether the response holds any text a rule wrote: most hold none, and cost nothing more. */
function hasTexts(response: CustomLogicResponse): boolean {
  return (
    response.actions_to_perform.length > 0 ||
    response.session_variable_updates.length > 0 ||
    Object.keys(response.event_filter?.values_to_ignore ?? {}).length > 0
  );
}

function addSearched(values: string[], value: string): void {
  if (value.length >= MIN_SEARCHED_VALUE_CHARS) values.push(value);
}

/** Distinct, longest first (as replaceValues needs them). */
function sortLongestFirst(values: readonly string[]): string[] {
  if (values.length < 2) return values as string[];
  return [...new Set(values)].sort((a, b) => b.length - a.length);
}

function maskFilter(
  filter: EventFilterAction,
  mask: (name: string, value: string) => string,
): EventFilterAction {
  return { ...filter, values_to_ignore: mapValues(filter.values_to_ignore, mask) };
}

function mapValues(
  record: Record<string, string>,
  map: (key: string, value: string) => string,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key in record) out[key] = map(key, record[key] as string);
  return out;
}
