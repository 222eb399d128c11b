import { Enum, Type, type Field } from 'protobufjs';
import type { JsonMessage } from './proto-json';

/** How messages are turned into object form: enums as names, 64-bit integers as numbers, no defaults. */
export const OBJECT_FORM = { enums: String, longs: Number, defaults: false } as const;

const DURATION = '.google.protobuf.Duration';
const TIMESTAMP = '.google.protobuf.Timestamp';

/** protobufjs object form (`Type.toObject` with OBJECT_FORM) -> proto3 JSON form, the inverse of readJsonForm. */
export function writeJsonForm(type: Type, object: JsonMessage): JsonMessage {
  const json: JsonMessage = {};
  for (const [name, value] of Object.entries(object)) {
    const field = type.fields[name];
    if (field === undefined || value === undefined || value === null) continue;
    json[name] = writeField(field, value);
  }
  return json;
}

function writeField(field: Field, value: unknown): unknown {
  if (field.map)
    return Object.fromEntries(
      Object.entries(value as JsonMessage).map(([k, v]) => [k, writeSingle(field, v)]),
    );
  if (field.repeated) return (value as unknown[]).map((item) => writeSingle(field, item));
  return writeSingle(field, value);
}

function writeSingle(field: Field, value: unknown): unknown {
  const resolved = field.resolvedType;
  if (field.type === 'float' && typeof value === 'number') return printFloat32(value);
  if (resolved instanceof Enum || !(resolved instanceof Type)) return value;
  const message = value as { seconds?: number; nanos?: number; value?: unknown };
  if (resolved.fullName === DURATION) return formatDuration(message.seconds ?? 0, message.nanos ?? 0);
  if (resolved.fullName === TIMESTAMP)
    return new Date((message.seconds ?? 0) * 1000 + Math.round((message.nanos ?? 0) / 1e6)).toISOString();
  if (resolved.fullName.startsWith('.google.protobuf.') && resolved.fullName.endsWith('Value'))
    return writeSingle(resolved.fields.value!, message.value ?? defaultOf(resolved.fields.value!));
  return writeJsonForm(resolved, value as JsonMessage);
}

/** proto3 JSON's Duration: seconds with 0, 3, 6 or 9 fractional digits and an `s`. */
export function formatDuration(seconds: number, nanos: number): string {
  const negative = seconds < 0 || nanos < 0;
  const fraction = Math.abs(nanos)
    .toString()
    .padStart(9, '0')
    .replace(/(000)+$/, '');
  return `${negative ? '-' : ''}${Math.abs(seconds)}${fraction === '' ? '' : `.${fraction}`}s`;
}

/**
 * A `float` field holds a 32-bit value: 0.84 arrives as 0.8399999737739563. As
 * proto3 JSON printers do, print the shortest decimal that is the same float32.
 */
function printFloat32(value: number): number {
  const single = Math.fround(value);
  for (let digits = 1; digits < 9; digits++) {
    const shortest = Number(single.toPrecision(digits));
    if (Math.fround(shortest) === single) return shortest;
  }
  return single;
}

function defaultOf(field: Field): unknown {
  if (field.type === 'string' || field.type === 'bytes') return '';
  return field.type === 'bool' ? false : 0;
}
