import { Field, Reader, Root, Type, types } from 'protobufjs';
import { loadWebhookTypes } from './load-webhook-types';
import type { CustomLogicResponse } from './types';

type Fields = Record<string, unknown>;

/**
 * Decodes a binary `CustomLogicResponse` for a gRPC client (replay's
 * `--target`), field by field as the types built from the .proto describe
 * them; the server's encoder is response-binary.ts. Throws on a malformed
 * message. Unknown fields, and known ones sent with another wire type, are
 * skipped, and a message field seen twice merges into the first, as protobuf
 * specifies: protobufjs's generated `decode` reads a known field whatever its
 * wire type and replaces a message field seen twice, hence this walk.
 */
export function decodeResponseBinary(bytes: Uint8Array): CustomLogicResponse {
  const type = loadWebhookTypes().CustomLogicResponse;
  const r = Reader.create(bytes);
  return readFields(r, r.len, type, createDefaults(type)) as unknown as CustomLogicResponse;
}

/** Reads fields into `message` until `end`; a field may run past `end`, only not past the bytes. */
function readFields(r: Reader, end: number, type: Type, message: Fields): Fields {
  while (r.pos < end) {
    const tag = r.uint32();
    const field = type.fieldsById[tag >>> 3];
    if (field === undefined || (tag & 7) !== wireTypeOf(field)) r.skipType(tag & 7);
    else readField(r, field, message);
  }
  return message;
}

function readField(r: Reader, field: Field, message: Fields): void {
  const name = field.name;
  if (field.map) {
    const entry = readEmbedded(r, entryTypeOf(field), undefined);
    (message[name] as Fields)[entry.key as string] = entry.value;
  } else if (field.resolvedType instanceof Type) {
    if (field.repeated) (message[name] as unknown[]).push(readEmbedded(r, field.resolvedType, undefined));
    else message[name] = readEmbedded(r, field.resolvedType, message[name] as Fields | undefined);
  } else {
    const value = (r as unknown as Record<string, () => unknown>)[field.type]!.call(r);
    if (field.repeated) (message[name] as unknown[]).push(value);
    else message[name] = value;
  }
}

/** Reads a length-delimited message, into `previous` when the field was seen before. */
function readEmbedded(r: Reader, type: Type, previous: Fields | undefined): Fields {
  const end = r.uint32() + r.pos;
  if (end > r.len) throw new RangeError('a field runs past the end of the message');
  return readFields(r, end, type, previous ?? createDefaults(type));
}

/**
 * A message with every field at its proto3 default, in declaration order: '',
 * 0, false, [] and {}; a message field stays absent until it is read.
 */
function createDefaults(type: Type): Fields {
  const message: Fields = {};
  for (const field of type.fieldsArray) {
    if (field.map) message[field.name] = {};
    else if (field.repeated) message[field.name] = [];
    else if (!(field.resolvedType instanceof Type)) message[field.name] = field.typeDefault;
  }
  return message;
}

/**
 * Length-delimited for messages, maps, strings and bytes; the scalar's own
 * otherwise. The webhook messages have no enum, no packed repeated scalar and
 * no map of messages, which this walk does not read.
 */
function wireTypeOf(field: Field): number {
  if (field.map || field.resolvedType instanceof Type) return 2;
  const wireType = (types.basic as Record<string, number | undefined>)[field.type];
  if (wireType === undefined || (field.repeated && wireType !== 2))
    throw new Error(`cannot decode ${field.fullName}: ${field.repeated ? 'repeated ' : ''}${field.type}`);
  return wireType;
}

const entryTypes = new Map<Field, Type>();

/** A map entry as the message the wire carries: key = 1, value = 2. */
function entryTypeOf(field: Field): Type {
  let entry = entryTypes.get(field);
  if (entry === undefined) {
    const { keyType } = field as unknown as { keyType: string };
    entry = new Type('Entry').add(new Field('key', 1, keyType)).add(new Field('value', 2, field.type));
    new Root().add(entry).resolveAll();
    entryTypes.set(field, entry);
  }
  return entry;
}
