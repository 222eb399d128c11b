import { isAscii, isUtf8 } from 'node:buffer';
import { Reader } from 'protobufjs/minimal';
import { decodeFailure, mapEntryPath, type Decoded } from './decode-result';
import {
  DEFAULT_EVENT_LIMITS,
  keyTooLong,
  tooManyVariables,
  valueTooLong,
  type EventLimits,
} from './event-limits';
import type { Event, SessionVariables } from './types';

/** Wire tags (field << 3 | wire type) of `Event` and its map entries. */
const TAG_SESSION_VARIABLES = (1 << 3) | 2;
const TAG_ENTRY_KEY = (1 << 3) | 2;
const TAG_ENTRY_VALUE = (2 << 3) | 2;

/**
 * Decodes a binary `Event`, strictly: unlike protobufjs's lenient string
 * reader, invalid UTF-8 in a key or value is an error naming the entry
 * (proto3 requires string fields to be valid UTF-8). Unknown fields are
 * skipped and counted. Duplicate map keys keep the last value, as protobuf does.
 * `limits` are checked on the wire lengths before a string is decoded; the
 * variables are counted by distinct name, as the JSON decoder counts them.
 */
export function decodeEventBinary(bytes: Buffer, limits: EventLimits = DEFAULT_EVENT_LIMITS): Decoded<Event> {
  const variables = Object.create(null) as SessionVariables;
  let unknownFields = 0;
  // Counting distinct names costs a lookup per entry: entries are counted until they pass the limit (a
  // repeated name is rare), and only from there on are names counted exactly.
  let count = 0;
  let exact = false;
  const reader = Reader.create(bytes);
  // Nearly every message is ASCII (names, values and lengths under 128): read as one string, whose slices
  // are its keys and values, rather than one call into the buffer's decoder per string (a tenth of the cost).
  const ascii = isAscii(bytes) ? bytes.toString('latin1') : undefined;
  try {
    while (reader.pos < reader.len) {
      const tag = reader.uint32();
      if (tag !== TAG_SESSION_VARIABLES) {
        reader.skipType(tag & 7);
        unknownFields++;
        continue;
      }
      const end = reader.uint32() + reader.pos;
      if (end > reader.len) throw new RangeError('map entry runs past the end of the message');
      let key: StringRead = '';
      let value: StringRead = '';
      while (reader.pos < end) {
        const entryTag = reader.uint32();
        if (entryTag === TAG_ENTRY_KEY) key = readString(reader, bytes, ascii, limits.maxKeyBytes);
        else if (entryTag === TAG_ENTRY_VALUE) value = readString(reader, bytes, ascii, limits.maxValueBytes);
        else reader.skipType(entryTag & 7);
      }
      if (typeof key !== 'string') {
        if ('tooLong' in key) return keyTooLong(key.preview, key.tooLong, limits);
        return decodeFailure(
          `a key is not valid UTF-8 (read as ${JSON.stringify(key.lenient)})`,
          'session_variables',
        );
      }
      if (!exact && ++count > limits.maxVariables) {
        exact = true;
        count = Object.keys(variables).length;
      }
      if (exact && variables[key] === undefined && ++count > limits.maxVariables)
        return tooManyVariables(limits);
      if (typeof value !== 'string') {
        if ('tooLong' in value) return valueTooLong(key, value.tooLong, limits);
        return decodeFailure('value is not valid UTF-8', mapEntryPath('session_variables', key));
      }
      variables[key] = value;
    }
  } catch (e) {
    return decodeFailure(`malformed protobuf Event: ${(e as Error).message}`);
  }
  return { ok: true, value: { session_variables: variables }, unknownFields };
}

/** A string field whose bytes are not UTF-8, with what a lenient decoder reads. */
interface InvalidString {
  lenient: string;
}

/** A string field longer than its limit, left undecoded but for its first bytes (for the message). */
interface TooLongString {
  tooLong: number;
  preview: string;
}

type StringRead = string | InvalidString | TooLongString;

/** Bytes of an over-long string decoded for the error message: enough to recognise a name. */
const PREVIEW_BYTES = 64;

/**
 * Reads a length-delimited string at the reader's position: a slice of `ascii`, the whole message as
 * text when it is all ASCII (then every string in it is valid UTF-8). Otherwise invalid UTF-8 always
 * decodes to U+FFFD, so only text containing it pays for the strict check.
 */
function readString(reader: Reader, bytes: Buffer, ascii: string | undefined, maxBytes: number): StringRead {
  const length = reader.uint32();
  const start = reader.pos;
  const end = start + length;
  if (end > reader.len) throw new RangeError('string runs past the end of the message');
  reader.pos = end;
  if (length > maxBytes) {
    return { tooLong: length, preview: bytes.toString('utf8', start, Math.min(end, start + PREVIEW_BYTES)) };
  }
  if (ascii !== undefined) return ascii.slice(start, end);
  const text = bytes.toString('utf8', start, end);
  if (text.includes('\uFFFD') && !isUtf8(bytes.subarray(start, end))) return { lenient: text };
  return text;
}
