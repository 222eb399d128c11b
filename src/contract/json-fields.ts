import { decodeFailure, type DecodeError } from './decode-result';

/**
 * proto3 JSON accepts a field under its proto name (snake_case) or its
 * lowerCamelCase JSON name. Both in one object is ambiguous and rejected, as
 * protobuf's own parsers do.
 */
export interface FieldNames {
  proto: string;
  json: string;
}

export function fieldNames(proto: string): FieldNames {
  return { proto, json: proto.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase()) };
}

export type FieldRead = { ok: true; value: unknown } | { ok: false; error: DecodeError };

/** Reads one field under either name; `undefined` when absent (or null: proto3 JSON null is the default). */
export function readField(obj: Record<string, unknown>, names: FieldNames, path: string): FieldRead {
  const snake = obj[names.proto];
  if (names.json === names.proto) return { ok: true, value: snake ?? undefined };
  const camel = obj[names.json];
  if (snake !== undefined && camel !== undefined) {
    return decodeFailure(`field given twice, as "${names.proto}" and "${names.json}"`, path + names.proto);
  }
  return { ok: true, value: snake ?? camel ?? undefined };
}

/** Counts keys of `obj` that name none of the known fields (in either spelling). */
export function countUnknownFields(obj: Record<string, unknown>, known: readonly FieldNames[]): number {
  let unknown = 0;
  for (const key in obj) {
    if (!known.some((n) => n.proto === key || n.json === key)) unknown++;
  }
  return unknown;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
