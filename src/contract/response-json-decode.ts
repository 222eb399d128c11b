import { decodeFailure, describeJsonType, type Decoded, type DecodeError } from './decode-result';
import { countUnknownFields, fieldNames, isPlainObject, readField, type FieldNames } from './json-fields';
import type { CustomLogicResponse, EventFilterAction } from './types';

const RESPONSE_FIELDS = [
  'result_code',
  'result_message',
  'actions_to_perform',
  'session_variable_updates',
  'nodes_to_override',
  'event_filter',
].map(fieldNames);

/** Thrown only inside this module to unwind a nested decode; never escapes it. */
class Reject {
  constructor(readonly error: DecodeError) {}
}

function read(obj: Record<string, unknown>, proto: string, path: string): unknown {
  const names: FieldNames = fieldNames(proto);
  const r = readField(obj, names, path);
  if (!r.ok) throw new Reject(r.error);
  return r.value;
}

function expectString(value: unknown, path: string): string {
  if (value === undefined) return '';
  if (typeof value !== 'string')
    throw new Reject({ field: path, message: `expected a string, got ${describeJsonType(value)}` });
  return value;
}

function expectObject(value: unknown, path: string): Record<string, unknown> {
  if (!isPlainObject(value))
    throw new Reject({ field: path, message: `expected an object, got ${describeJsonType(value)}` });
  return value;
}

function expectList<T>(value: unknown, path: string, item: (v: unknown, p: string) => T): T[] {
  if (value === undefined) return [];
  if (!Array.isArray(value))
    throw new Reject({ field: path, message: `expected a list, got ${describeJsonType(value)}` });
  return value.map((v, i) => item(v, `${path}[${i}]`));
}

function expectStringMap(value: unknown, path: string): Record<string, string> {
  if (value === undefined) return {};
  const obj = expectObject(value, path);
  const out: Record<string, string> = {};
  for (const key of Object.keys(obj)) out[key] = expectString(obj[key], `${path}[${JSON.stringify(key)}]`);
  return out;
}

function decodeFilter(value: unknown, path: string): EventFilterAction {
  const obj = expectObject(value, path);
  return {
    keys_to_ignore: expectList(
      read(obj, 'keys_to_ignore', path + '.'),
      `${path}.keys_to_ignore`,
      expectString,
    ),
    values_to_ignore: expectStringMap(read(obj, 'values_to_ignore', path + '.'), `${path}.values_to_ignore`),
    events_to_ignore: expectList(
      read(obj, 'events_to_ignore', path + '.'),
      `${path}.events_to_ignore`,
      expectString,
    ),
  };
}

function decodeResultCode(value: unknown): number {
  // proto3 JSON allows int32 as a number or a decimal string.
  const code = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
  if (typeof code !== 'number' || !Number.isInteger(code)) {
    throw new Reject({
      field: 'result_code',
      message: `expected an integer, got ${describeJsonType(value)}`,
    });
  }
  return code;
}

/**
 * Decodes a `CustomLogicResponse` from parsed proto3 JSON (either field spelling).
 * Used where rulehook is the client of a webhook (replay against a live target).
 */
export function decodeResponseJson(value: unknown): Decoded<CustomLogicResponse> {
  if (!isPlainObject(value)) return decodeFailure(`expected a JSON object, got ${describeJsonType(value)}`);
  try {
    const filter = read(value, 'event_filter', '');
    const response: CustomLogicResponse = {
      result_code: decodeResultCode(read(value, 'result_code', '') ?? 0),
      result_message: expectString(read(value, 'result_message', ''), 'result_message'),
      actions_to_perform: expectList(read(value, 'actions_to_perform', ''), 'actions_to_perform', (v, p) => {
        const o = expectObject(v, p);
        return {
          action: expectString(read(o, 'action', p + '.'), `${p}.action`),
          parameters: expectStringMap(read(o, 'parameters', p + '.'), `${p}.parameters`),
        };
      }),
      session_variable_updates: expectList(
        read(value, 'session_variable_updates', ''),
        'session_variable_updates',
        (v, p) => {
          const o = expectObject(v, p);
          return {
            key: expectString(read(o, 'key', p + '.'), `${p}.key`),
            value: expectString(read(o, 'value', p + '.'), `${p}.value`),
          };
        },
      ),
      nodes_to_override: expectList(read(value, 'nodes_to_override', ''), 'nodes_to_override', (v, p) => {
        const o = expectObject(v, p);
        const enable = read(o, 'enable', p + '.');
        if (enable !== undefined && typeof enable !== 'boolean') {
          throw new Reject({
            field: `${p}.enable`,
            message: `expected a boolean, got ${describeJsonType(enable)}`,
          });
        }
        return {
          node_names: expectList(read(o, 'node_names', p + '.'), `${p}.node_names`, expectString),
          enable: enable === true,
        };
      }),
    };
    if (filter !== undefined) response.event_filter = decodeFilter(filter, 'event_filter');
    return { ok: true, value: response, unknownFields: countUnknownFields(value, RESPONSE_FIELDS) };
  } catch (e) {
    if (e instanceof Reject) return { ok: false, error: e.error };
    throw e;
  }
}
