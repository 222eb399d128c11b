import { isReservedVariable, RESERVED_PREFIX } from '../../contract/reserved-variables';
import { CURRENT_EVENT_KEY } from '../../contract/types';
import { createAutomaticKeyTest, DEFAULT_AUTOMATIC_KEYS } from '../../filter/delta';
import { findTemplateErrors } from './find-template-errors';
import type { SpecPath } from '../spec';
import { asRecord, report, type CheckContext, type PlainRecord } from './check-context';
import { forEachTemplate, forEachThen } from './walk';

const OUTPUT_KEYS = ['schedule', 'set', 'disable', 'enable', 'filter'];

/**
 * A `then` that does something, sets no reserved variable nor one the engine
 * owns; well-formed templates in `set` and `parameters` values.
 */
export function checkThen(context: CheckContext): void {
  forEachThen(context.root, (then, path) => {
    checkNotEmpty(context, then, path);
    checkReservedSet(context, then, path);
    checkEngineSet(context, then, path);
  });
  forEachTemplate(context.root, (value, path) => checkTemplate(context, value, path));
}

function checkNotEmpty(context: CheckContext, then: PlainRecord, path: SpecPath): void {
  const keys = Object.keys(then);
  // Unknown keys were reported by the schema; a misspelled output is not "empty".
  if (keys.some((key) => !OUTPUT_KEYS.includes(key))) return;
  if (keys.some((key) => hasContent(then[key]))) return;
  const message = `this rule's 'then' does nothing: give it at least one of ${OUTPUT_KEYS.join(', ')}, with content`;
  report(context, 'EMPTY_THEN', message, context.locateKey(path));
}

/** `rulehook.*` variables carry rulehook's own session state: a rule writing one would corrupt it. */
function checkReservedSet(context: CheckContext, then: PlainRecord, path: SpecPath): void {
  for (const key of Object.keys(asRecord(then.set) ?? {})) {
    if (!isReservedVariable(key)) continue;
    const message = `'${key}' is reserved: variables under '${RESERVED_PREFIX}' hold rulehook's own session state; choose another name`;
    report(context, 'RESERVED_VARIABLE', message, context.locateKey([...path, 'set', key]));
  }
}

/** The variables the engine updates by itself, as the filter simulation reads them by default (`state.*`). */
export const isEngineVariable = createAutomaticKeyTest(DEFAULT_AUTOMATIC_KEYS);

/**
 * A warning, not an error: the engine accepts the update, but it maintains
 * these variables itself (docs/contract.md, "Event filtering"), so the value
 * does not last, and its changes are in no event's delta.
 */
function checkEngineSet(context: CheckContext, then: PlainRecord, path: SpecPath): void {
  for (const key of Object.keys(asRecord(then.set) ?? {})) {
    if (!isEngineVariable(key)) continue;
    const when = key === CURRENT_EVENT_KEY ? 'on the next event, which it names' : 'when it next updates it';
    const owned = DEFAULT_AUTOMATIC_KEYS.map((entry) => `'${entry}'`).join(', ');
    const own = `custom.${key.slice(key.indexOf('.') + 1)}`;
    const message = `'${key}' belongs to the engine, which maintains the variables matching ${owned} itself: it overwrites this rule's value ${when}; keep your own state under another name, such as '${own}'`;
    report(context, 'ENGINE_VARIABLE', message, context.locateKey([...path, 'set', key]));
  }
}

/** Non-empty list, or a mapping with a non-empty member (a filter of empty lists is empty). */
function hasContent(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  const record = asRecord(value);
  if (record) return Object.values(record).some(hasContent);
  return value !== null && value !== undefined;
}

function checkTemplate(context: CheckContext, value: unknown, path: SpecPath): void {
  if (typeof value !== 'string') return;
  for (const error of findTemplateErrors(value)) {
    const message = `${error.message}; templates are \${KEY}, \${KEY:-fallback}, and $$ for a '$'`;
    report(context, 'TEMPLATE_SYNTAX', message, context.locateWithin(path, error.start, error.end));
  }
}
