import { Writer } from 'protobufjs/minimal';
import { decodeEventBinary } from './event-binary';

/** Event bytes with one map entry made of the given raw key and value bytes, plus optional extra bytes. */
function eventBytes(entries: [Buffer, Buffer][], extra: Uint8Array = new Uint8Array()): Buffer {
  const w = Writer.create();
  for (const [key, value] of entries)
    w.uint32(10).fork().uint32(10).bytes(key).uint32(18).bytes(value).ldelim();
  return Buffer.concat([w.finish(), extra]);
}

describe('decodeEventBinary', () => {
  it('decodes map entries', () => {
    const r = decodeEventBinary(
      eventBytes([
        [Buffer.from('a'), Buffer.from('1')],
        [Buffer.from('é'), Buffer.from('ü')],
      ]),
    );
    expect(r.ok && { ...r.value.session_variables }).toEqual({ a: '1', é: 'ü' });
  });

  it('reads an all-ASCII message as one text and the same strings as one with a length of 128 bytes or more', () => {
    const entries: [Buffer, Buffer][] = Array.from({ length: 50 }, (_, i) => [
      Buffer.from(`audio.field${i}`),
      Buffer.from(`value-${i}-${'x'.repeat(i)}`),
    ]);
    const expected = Object.fromEntries(entries.map(([key, value]) => [key.toString(), value.toString()]));
    const ascii = eventBytes(entries);
    expect(ascii.every((byte) => byte < 0x80)).toBe(true);
    const r = decodeEventBinary(ascii);
    expect(r.ok && { ...r.value.session_variables }).toEqual(expected);
    // A value of 200 bytes has a two-byte length, whose first byte is not ASCII: strings are read one by one.
    const wide = eventBytes([...entries, [Buffer.from('long'), Buffer.from('y'.repeat(200))]]);
    const w = decodeEventBinary(wide);
    expect(w.ok && { ...w.value.session_variables }).toEqual({ ...expected, long: 'y'.repeat(200) });
  });

  it('accepts a real U+FFFD character (valid UTF-8), which only invalid bytes must not be confused with', () => {
    const r = decodeEventBinary(eventBytes([[Buffer.from('k'), Buffer.from('x\uFFFDy')]]));
    expect(r.ok && r.value.session_variables['k']).toBe('x\uFFFDy');
  });

  it('rejects invalid UTF-8 in a value, naming the entry', () => {
    const r = decodeEventBinary(eventBytes([[Buffer.from('caller'), Buffer.from([0xc3, 0x28])]]));
    expect(r).toEqual({
      ok: false,
      error: { field: 'session_variables["caller"]', message: 'value is not valid UTF-8' },
    });
  });

  it('keeps the last value of a repeated key, and keys named like Object.prototype members', () => {
    const r = decodeEventBinary(
      eventBytes([
        [Buffer.from('__proto__'), Buffer.from('1')],
        [Buffer.from('k'), Buffer.from('old')],
        [Buffer.from('k'), Buffer.from('new')],
      ]),
    );
    expect(r.ok && Object.entries(r.value.session_variables)).toEqual([
      ['__proto__', '1'],
      ['k', 'new'],
    ]);
  });

  it('skips and counts unknown fields', () => {
    const unknown = Writer.create()
      .uint32((9 << 3) | 0)
      .uint32(7)
      .uint32((10 << 3) | 2)
      .string('x')
      .finish();
    const r = decodeEventBinary(eventBytes([[Buffer.from('a'), Buffer.from('b')]], unknown));
    expect(r.ok && r.unknownFields).toBe(2);
  });

  it('rejects truncated bytes without throwing', () => {
    const bytes = eventBytes([[Buffer.from('abc'), Buffer.from('def')]]);
    const r = decodeEventBinary(bytes.subarray(0, bytes.length - 2));
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.message).toMatch(/^malformed protobuf Event: /);
  });
});
