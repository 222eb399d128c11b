import type {
  CustomLogicResponse,
  EventFilterAction,
  LogMask,
  SessionVariables,
  SetSessionVariableAction,
} from '../contract';
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
  const maskUpdate = (values: readonly string[], name: string, value: string): string =>
    isPersonal(name) ? hash(value) : replaceValues(value, values, hash);
  return {
    maskVariables: redactWith(isPersonal, hash),
    maskResponse(variables, response) {
      if (!hasTexts(response)) return response;
      const values = collectPersonalValues(variables, response.session_variable_updates, isPersonal);
      const filter = response.event_filter;
      return {
        ...response,
        actions_to_perform: response.actions_to_perform.map(({ action, parameters }) => ({
          action,
          parameters: mapValues(parameters, (_, value) => replaceValues(value, values, hash)),
        })),
        session_variable_updates: response.session_variable_updates.map(({ key: name, value }) => ({
          key: name,
          value: maskUpdate(values, name, value),
        })),
        ...(filter === undefined
          ? {}
          : { event_filter: maskFilter(filter, (n, v) => maskUpdate(values, n, v)) }),
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

/** The distinct personal values worth searching for, longest first (as replaceValues needs them). */
function collectPersonalValues(
  variables: SessionVariables,
  updates: readonly SetSessionVariableAction[],
  isPersonal: (name: string) => boolean,
): string[] {
  const values = new Set<string>();
  const add = (name: string, value: string): void => {
    if (value.length >= MIN_SEARCHED_VALUE_CHARS && isPersonal(name)) values.add(value);
  };
  for (const name in variables) add(name, variables[name] as string);
  for (const { key, value } of updates) add(key, value);
  return [...values].sort((a, b) => b.length - a.length);
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
