import fc from 'fast-check';
import { Writer } from 'protobufjs/minimal';
import {
  decodeEventBinary,
  decodeEventJson,
  DEFAULT_EVENT_LIMITS,
  type Decoded,
  type Event,
  type EventLimits,
} from '../../src/contract';

/**
 * The two event decoders on arbitrary input: whatever arrives, each returns a decode result (never a
 * throw), promptly, and a success holds nothing but string values within the limits.
 */

const small: EventLimits = { maxVariables: 8, maxKeyBytes: 12, maxValueBytes: 24 };
const limits = fc.constantFrom(DEFAULT_EVENT_LIMITS, small);

/** Checks one decode result: a failure says why; a success holds only strings, within `limits`. */
function checkResult(result: Decoded<Event>, bounds: EventLimits): boolean {
  if (!result.ok) return typeof result.error.message === 'string' && result.error.message.length > 0;
  const entries = Object.entries(result.value.session_variables);
  return (
    entries.length <= bounds.maxVariables &&
    entries.every(
      ([k, v]) =>
        typeof v === 'string' &&
        Buffer.byteLength(k) <= bounds.maxKeyBytes &&
        Buffer.byteLength(v) <= bounds.maxValueBytes,
    )
  );
}

describe('fuzz: decodeEventJson', () => {
  it('answers any JSON value with a decode result', () => {
    fc.assert(
      fc.property(fc.jsonValue(), limits, (value, bounds) =>
        checkResult(decodeEventJson(value, bounds), bounds),
      ),
      { numRuns: 2000 },
    );
  });

  it('answers any plain value (null-prototype objects, maps, bigints) with a decode result', () => {
    fc.assert(
      fc.property(
        fc.anything({ withNullPrototype: true, withBigInt: true, withMap: true }),
        limits,
        (value, bounds) => checkResult(decodeEventJson(value, bounds), bounds),
      ),
      { numRuns: 1000 },
    );
  });

  it('answers arbitrary session_variables, under either field name, with a decode result', () => {
    const variables = fc.dictionary(
      fc.string({ unit: 'binary', maxLength: 30 }),
      fc.oneof(fc.string(), fc.jsonValue({ maxDepth: 2 })),
      {
        maxKeys: 12,
      },
    );
    fc.assert(
      fc.property(
        fc.constantFrom('session_variables', 'sessionVariables'),
        variables,
        limits,
        (name, vars, bounds) =>
          checkResult(decodeEventJson(JSON.parse(JSON.stringify({ [name]: vars })), bounds), bounds),
      ),
      { numRuns: 1000 },
    );
  });
});

interface Field {
  number: number;
  wireType: number;
  bytes: Uint8Array;
  varint: number;
}

/** A protobuf field with an arbitrary number, wire type and payload: what an unknown or hostile sender writes. */
const field: fc.Arbitrary<Field> = fc.record({
  number: fc.integer({ min: 1, max: 40 }),
  wireType: fc.constantFrom(0, 1, 2, 5),
  bytes: fc.uint8Array({ maxLength: 40 }),
  varint: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
});

function encodeFields(fields: readonly Field[]): Buffer {
  const w = Writer.create();
  for (const f of fields) {
    w.uint32((f.number << 3) | f.wireType);
    if (f.wireType === 0) w.uint32(f.varint);
    else if (f.wireType === 1) w.fixed64(f.varint);
    else if (f.wireType === 5) w.fixed32(f.varint);
    else w.bytes(f.bytes);
  }
  return Buffer.from(w.finish());
}

describe('fuzz: decodeEventBinary', () => {
  it('answers any bytes with a decode result', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 512 }), limits, (bytes, bounds) =>
        checkResult(decodeEventBinary(Buffer.from(bytes), bounds), bounds),
      ),
      { numRuns: 3000 },
    );
  });

  it('answers well-framed but arbitrary fields, nested as map entries or not, with a decode result', () => {
    const entry = fc.array(field, { maxLength: 4 }).map((inner) => ({
      number: 1,
      wireType: 2,
      bytes: encodeFields(inner),
      varint: 0,
    }));
    fc.assert(
      fc.property(fc.array(fc.oneof(field, entry), { maxLength: 10 }), limits, (fields, bounds) =>
        checkResult(decodeEventBinary(encodeFields(fields), bounds), bounds),
      ),
      { numRuns: 3000 },
    );
  });

  it('reads back any map of strings within the limits, exactly', () => {
    const vars = fc.dictionary(fc.string({ maxLength: 12 }), fc.string({ maxLength: 24 }), { maxKeys: 8 });
    fc.assert(
      fc.property(vars, (variables) => {
        const w = Writer.create();
        for (const [k, v] of Object.entries(variables))
          w.uint32(10).fork().uint32(10).string(k).uint32(18).string(v).ldelim();
        const result = decodeEventBinary(Buffer.from(w.finish()), DEFAULT_EVENT_LIMITS);
        return (
          result.ok && JSON.stringify({ ...result.value.session_variables }) === JSON.stringify(variables)
        );
      }),
      { numRuns: 1000 },
    );
  });
});
