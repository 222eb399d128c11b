import { Writer } from 'protobufjs/minimal';
import type { Decoded } from './decode-result';
import type { Event } from './types';
import { decodeEventBinary } from './event-binary';
import { decodeEventJson } from './event-json';
import { DEFAULT_EVENT_LIMITS, type EventLimits } from './event-limits';

/** Both decoders, fed the same variables: the limits must read the same in each. */
const decoders: [string, (entries: [string, string][], limits?: EventLimits) => Decoded<Event>][] = [
  [
    'JSON',
    (entries, limits) =>
      decodeEventJson(JSON.parse(JSON.stringify({ session_variables: Object.fromEntries(entries) })), limits),
  ],
  [
    'binary',
    (entries, limits) => {
      const w = Writer.create();
      for (const [k, v] of entries) w.uint32(10).fork().uint32(10).string(k).uint32(18).string(v).ldelim();
      return decodeEventBinary(Buffer.from(w.finish()), limits);
    },
  ],
];

const small: EventLimits = { maxVariables: 3, maxKeyBytes: 8, maxValueBytes: 10 };

describe.each(decoders)('event limits, %s decoder', (_name, decode) => {
  it('accepts an event exactly at every limit, counting UTF-8 bytes', () => {
    const r = decode(
      [
        ['a', 'é'.repeat(5)],
        ['bbbbbbbb', ''],
        ['ü', 'x'],
      ],
      small,
    );
    expect(r.ok).toBe(true);
  });

  it('refuses one variable too many, naming the flag', () => {
    const r = decode(
      [
        ['a', '1'],
        ['b', '2'],
        ['c', '3'],
        ['d', '4'],
      ],
      small,
    );
    expect(r).toEqual({
      ok: false,
      error: {
        field: 'session_variables',
        message: 'the event has more than 3 session variables; at most 3 allowed (--max-variables)',
      },
    });
  });

  it('refuses a value one byte too long (a 2-byte character), naming the variable and the flag', () => {
    const r = decode([['caller', 'é'.repeat(5) + 'x']], small);
    expect(r).toEqual({
      ok: false,
      error: {
        field: 'session_variables["caller"]',
        message: "session variable 'caller' has a value of 11 bytes; at most 10 allowed (--max-value-bytes)",
      },
    });
  });

  it('refuses a name one byte too long', () => {
    const r = decode([['ééééx', 'v']], small);
    expect(r).toEqual({
      ok: false,
      error: {
        field: 'session_variables',
        message: "session variable name 'ééééx' has 9 bytes; at most 8 allowed (--max-key-bytes)",
      },
    });
  });

  it('quotes an over-long name truncated', () => {
    const r = decode([['k'.repeat(5000), 'v']], DEFAULT_EVENT_LIMITS);
    expect(!r.ok && r.error.message).toBe(
      `session variable name '${'k'.repeat(40)}...' has 5,000 bytes; at most 1,024 allowed (--max-key-bytes)`,
    );
  });

  it('has the documented defaults: 10,000 variables, 1,024-byte names, 262,144-byte values', () => {
    const many: [string, string][] = Array.from({ length: 10_000 }, (_, i) => [`v${i}`, 'x']);
    expect(decode(many).ok).toBe(true);
    expect(decode([...many, ['one.more', 'x']])).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('at most 10,000 allowed (--max-variables)') },
    });
    expect(decode([['k', 'x'.repeat(262_144)]]).ok).toBe(true);
    expect(decode([['k', 'x'.repeat(300_000)]])).toMatchObject({
      ok: false,
      error: {
        message:
          "session variable 'k' has a value of 300,000 bytes; at most 262,144 allowed (--max-value-bytes)",
      },
    });
    expect(decode([['k'.repeat(1024), 'x']]).ok).toBe(true);
    expect(decode([['k'.repeat(1025), 'x']]).ok).toBe(false);
  });
});

describe('event limits: counting', () => {
  it('counts repeated names once on the binary wire, as JSON keeps one of them', () => {
    const w = Writer.create();
    for (let i = 0; i < 5; i++)
      w.uint32(10).fork().uint32(10).string('same').uint32(18).string(`${i}`).ldelim();
    const r = decodeEventBinary(Buffer.from(w.finish()), { ...small, maxVariables: 1 });
    expect(r.ok && r.value.session_variables['same']).toBe('4');
  });
});
