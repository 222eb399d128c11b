import { Enum, Type, type Field } from 'protobufjs';

/** A message in proto3 JSON form, with proto field names: what the services read and write. */
export type JsonMessage = { [field: string]: unknown };

/** A request field that is not what its type asks for: its dotted path, and `<path>: <what was expected>`. */
export interface FieldTypeProblem {
  field: string;
  description: string;
}

/** The fields of a request that are not what their types ask for, in the message's field order. */
export class FieldTypeError extends Error {
  constructor(readonly problems: readonly FieldTypeProblem[]) {
    super(problems.map((p) => p.description).join('; '));
  }

  /** The first field. */
  get field(): string {
    return this.problems[0]!.field;
  }
}

const wrongKind = (field: string, expected: string): FieldTypeError =>
  new FieldTypeError([{ field, description: `${field}: ${expected}` }]);

const WRAPPERS = new Set(
  ['Double', 'Float', 'Int64', 'UInt64', 'Int32', 'UInt32', 'Bool', 'String', 'Bytes'].map(
    (name) => `.google.protobuf.${name}Value`,
  ),
);
const DURATION = '.google.protobuf.Duration';
const TIMESTAMP = '.google.protobuf.Timestamp';

const toCamel = (name: string): string => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * proto3 JSON (either spelling of field names; WKTs as strings and plain values)
 * -> protobufjs object form (`Type.fromObject` input). Checks each field's kind and
 * throws FieldTypeError naming every wrong one (of a list, its first wrong item); unknown names are ignored, as
 * proto3 JSON readers may. Hand-written: protobufjs's own conversion neither
 * implements the JSON forms of Duration, Timestamp and the wrappers nor refuses
 * a wrong kind (it coerces, or drops an unknown enum name).
 */
export function readJsonForm(type: Type, json: unknown, where = ''): JsonMessage {
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    throw wrongKind(where || '(body)', 'expected a JSON object');
  const object: JsonMessage = {};
  const problems: FieldTypeProblem[] = [];
  for (const field of type.fieldsArray) {
    const value = (json as JsonMessage)[field.name] ?? (json as JsonMessage)[toCamel(field.name)];
    if (value === undefined || value === null) continue;
    const path = where === '' ? field.name : `${where}.${field.name}`;
    try {
      object[field.name] = readField(field, value, path);
    } catch (error) {
      if (!(error instanceof FieldTypeError)) throw error;
      problems.push(...error.problems);
    }
  }
  if (problems.length > 0) throw new FieldTypeError(problems);
  return object;
}

function readField(field: Field, value: unknown, path: string): unknown {
  if (field.map) {
    if (typeof value !== 'object' || Array.isArray(value))
      throw wrongKind(path, 'expected a JSON object (a map)');
    return Object.fromEntries(
      Object.entries(value as JsonMessage).map(([k, v]) => [k, readSingle(field, v, `${path}.${k}`)]),
    );
  }
  if (field.repeated) {
    if (!Array.isArray(value)) throw wrongKind(path, 'expected a JSON array');
    return value.map((item, i) => readSingle(field, item, `${path}[${i}]`));
  }
  return readSingle(field, value, path);
}

function readSingle(field: Field, value: unknown, path: string): unknown {
  const resolved = field.resolvedType;
  if (resolved instanceof Enum) {
    if (typeof value === 'number' && Number.isInteger(value)) return value;
    if (typeof value === 'string' && value in resolved.values) return value;
    throw wrongKind(path, `expected one of ${Object.keys(resolved.values).join(', ')}`);
  }
  if (resolved instanceof Type) {
    if (resolved.fullName === DURATION) return readDuration(value, path);
    if (resolved.fullName === TIMESTAMP) return readTimestamp(value, path);
    if (WRAPPERS.has(resolved.fullName)) return { value: readSingle(resolved.fields.value!, value, path) };
    return readJsonForm(resolved, value, path);
  }
  return readScalar(field.type, value, path);
}

function readScalar(kind: string, value: unknown, path: string): unknown {
  if (kind === 'string') {
    if (typeof value !== 'string') throw wrongKind(path, 'expected a string');
    return value;
  }
  if (kind === 'bool') {
    // "true" and "false" as text too: a query string has no other way to write them.
    if (value === 'true' || value === 'false') return value === 'true';
    if (typeof value !== 'boolean') throw wrongKind(path, 'expected true or false');
    return value;
  }
  if (kind === 'bytes') {
    if (typeof value !== 'string') throw wrongKind(path, 'expected base64 text');
    return value;
  }
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || Number.isNaN(number)) throw wrongKind(path, 'expected a number');
  const integral = kind !== 'float' && kind !== 'double';
  if (integral && !Number.isInteger(number)) throw wrongKind(path, 'expected an integer');
  if (integral && kind.startsWith('u') && number < 0)
    throw wrongKind(path, 'expected a non-negative integer');
  return number;
}

function readDuration(value: unknown, path: string): { seconds: number; nanos: number } {
  const match = typeof value === 'string' ? /^(-)?(\d+)(?:\.(\d{1,9}))?s$/.exec(value) : null;
  if (match === null) throw wrongKind(path, 'expected a duration such as "1.5s"');
  const sign = match[1] === undefined ? 1 : -1;
  const nanos = Number((match[3] ?? '').padEnd(9, '0'));
  return { seconds: sign * Number(match[2]), nanos: sign * nanos };
}

function readTimestamp(value: unknown, path: string): { seconds: number; nanos: number } {
  const millis = typeof value === 'string' && /^\d{4}-\d\d-\d\dT/.test(value) ? Date.parse(value) : NaN;
  if (Number.isNaN(millis)) throw wrongKind(path, 'expected an RFC 3339 timestamp');
  return { seconds: Math.floor(millis / 1000), nanos: (((millis % 1000) + 1000) % 1000) * 1e6 };
}
