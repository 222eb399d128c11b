import { BufferReader, type Type } from 'protobufjs';
import { OBJECT_FORM, writeJsonForm } from '../wire/json-form';
import { readJsonForm, type JsonMessage } from '../wire/proto-json';

/**
 * A message in proto3 JSON (either spelling) -> the form the services read and
 * HTTP answers carry, exactly as the binary message of the same content gives
 * it: default values dropped, enums as names, floats as 32-bit values. Throws
 * FieldTypeError for a field of the wrong kind.
 */
export function normaliseJsonMessage(type: Type, json: unknown): JsonMessage {
  // Through the binary form, so that what proto3 does not carry (a false, a zero, an empty text) is dropped
  // exactly as for a gRPC request.
  const bytes = type.encode(type.fromObject(readJsonForm(type, json))).finish();
  return decodeBinaryRequest(type, bytes);
}

/**
 * protobufjs's reader of Node buffers cuts short a string that runs past the end of the message, where its
 * every other read refuses to: this reader refuses it too, so a truncated request is no message.
 */
class BoundedReader extends BufferReader {
  override string(): string {
    return (this.bytes() as Buffer).toString('utf8');
  }
}

/** A binary request -> the form the services read. Throws on bytes that are no such message. */
export function decodeBinaryRequest(type: Type, bytes: Uint8Array): JsonMessage {
  const reader = new BoundedReader(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  return writeJsonForm(type, type.toObject(type.decode(reader), OBJECT_FORM));
}

/** A response in proto3 JSON form -> its binary encoding (for gRPC). */
export function encodeBinaryResponse(type: Type, json: JsonMessage): Buffer {
  const bytes = type.encode(type.fromObject(readJsonForm(type, json))).finish();
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
