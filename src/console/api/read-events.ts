import { decodeEventJson } from '../../contract/event-json';
import { CURRENT_EVENT_KEY, type SessionVariables } from '../../contract/types';
import { ENGINE_SETTINGS, readEngineSetting, type EngineModel } from '../../filter/engine-model';
import { describeKind, isRecord, refuseField, type FieldRead } from './api-result';

/** Events of one request at most: a long call has a few hundred. */
export const MAX_EVENTS = 10_000;

/**
 * `events`: one event, or every event of one call in order, each the session variables the engine
 * would raise (string values, within the webhook's limits, `state.currentEvent` naming the event).
 */
export function readEvents(body: Record<string, unknown>): FieldRead<SessionVariables[]> {
  const events = body.events;
  if (!Array.isArray(events) || events.length === 0 || events.length > MAX_EVENTS)
    return refuse(
      'events',
      `expected a list of 1 to ${MAX_EVENTS} events (objects of session variables), got ${describeKind(events)}`,
    );
  const out: SessionVariables[] = [];
  for (const [index, event] of events.entries()) {
    const field = `events[${index}]`;
    if (!isRecord(event))
      return refuse(field, `expected an object of session variables, got ${describeKind(event)}`);
    const decoded = decodeEventJson({ session_variables: event });
    if (!decoded.ok) {
      const where = decoded.error.field?.replace(/^session_variables/, '') ?? '';
      return refuse(`${field}${where}`, decoded.error.message);
    }
    if (typeof event[CURRENT_EVENT_KEY] !== 'string' || event[CURRENT_EVENT_KEY] === '')
      return refuse(
        field,
        `no "${CURRENT_EVENT_KEY}": the engine names every event's type in it (e.g. "CALL_STARTED")`,
      );
    out.push(decoded.value.session_variables);
  }
  return { ok: true, value: out };
}

/** `engine`: the engine model's settings by their written names (`own_updates`, ...); absent: the defaults. */
export function readEngineModel(body: Record<string, unknown>): FieldRead<EngineModel> {
  const engine = body.engine;
  if (engine === undefined) return { ok: true, value: {} };
  if (!isRecord(engine))
    return refuse('engine', `expected an object of settings, got ${describeKind(engine)}`);
  let model: EngineModel = {};
  for (const [name, value] of Object.entries(engine)) {
    const read = readEngineSetting(model, name, String(value));
    if (!read.ok) return refuse(`engine.${name}`, read.message);
    model = read.model;
  }
  return { ok: true, value: model };
}

/**
 * The settings `model` sets, by their written names: what `engine` takes (readEngineModel's inverse).
 * Settings the model leaves out are left out (the defaults).
 */
export function writeEngineSettings(model: EngineModel): Record<string, string> {
  const settings: Record<string, string> = {};
  for (const [name, { field }] of Object.entries(ENGINE_SETTINGS)) {
    const value = model[field];
    if (value !== undefined) settings[name] = value;
  }
  return settings;
}

function refuse(field: string, message: string): { ok: false; result: ReturnType<typeof refuseField> } {
  return { ok: false, result: refuseField(field, message) };
}
