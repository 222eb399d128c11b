import { decodeEventJson, encodeEventJson } from './event-json';

describe('decodeEventJson', () => {
  it('accepts the proto field name', () => {
    const r = decodeEventJson({ session_variables: { 'state.currentEvent': 'X' } });
    expect(r).toEqual({
      ok: true,
      value: { session_variables: { 'state.currentEvent': 'X' } },
      unknownFields: 0,
      names: ['state.currentEvent'],
    });
  });

  it('hands on the names it listed, in the order listing the map gives them', () => {
    const variables = JSON.parse('{"b":"1","a":"2","10":"3","2":"4"}') as Record<string, string>;
    const r = decodeEventJson({ session_variables: variables });
    expect(r.ok && r.names).toEqual(Object.keys(variables));
    expect(r.ok && r.names).toEqual(['2', '10', 'b', 'a']);
  });

  it('reports the first fault in the order of the names, as a walk of the map finds it', () => {
    const limits = { maxVariables: 2, maxKeyBytes: 256, maxValueBytes: 1024 };
    const late = decodeEventJson({ session_variables: { a: '1', b: '2', c: '3', d: 4 } }, limits);
    expect(!late.ok && late.error.message).toMatch(/more than 2/);
    const early = decodeEventJson({ session_variables: { a: '1', b: 2, c: '3', d: '4' } }, limits);
    expect(!early.ok && early.error.field).toBe('session_variables["b"]');
  });

  it('accepts the lowerCamelCase JSON name', () => {
    const r = decodeEventJson({ sessionVariables: { a: '1' } });
    expect(r.ok && r.value.session_variables).toEqual({ a: '1' });
  });

  it('rejects both spellings of one field', () => {
    const r = decodeEventJson({ sessionVariables: {}, session_variables: {} });
    expect(r).toEqual({
      ok: false,
      error: { field: 'session_variables', message: expect.stringContaining('given twice') },
    });
  });

  it('treats a missing or null session_variables as an empty map (proto3)', () => {
    for (const body of [{}, { session_variables: null }]) {
      const r = decodeEventJson(body);
      expect(r.ok && Object.keys(r.value.session_variables)).toEqual([]);
    }
  });

  it('ignores and counts unknown fields', () => {
    const r = decodeEventJson({ session_variables: {}, engine_version: 3, extra: {} });
    expect(r.ok && r.unknownFields).toBe(2);
  });

  it.each([
    [[], 'an array'],
    ['text', 'a string'],
    [null, 'null'],
    [7, 'a number'],
  ])('rejects a body that is not an object: %j', (body, described) => {
    const r = decodeEventJson(body);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.message).toBe(
      `expected the body to be a JSON object (an Event), got ${described}`,
    );
    expect(!r.ok && r.error.field).toBeUndefined();
  });

  it.each([[['a']], ['a=b'], [5]])('rejects session_variables that is not an object: %j', (variables) => {
    const r = decodeEventJson({ session_variables: variables });
    expect(!r.ok && r.error.field).toBe('session_variables');
    expect(!r.ok && r.error.message).toMatch(
      /^expected an object mapping variable names to string values, got /,
    );
  });

  it('rejects a non-string value, naming the entry', () => {
    const r = decodeEventJson({ session_variables: { ok: 'x', 'verify.score': 0.4 } });
    expect(!r.ok && r.error).toEqual({
      field: 'session_variables["verify.score"]',
      message: expect.stringMatching(/^expected a string value, got a number/),
    });
  });

  it('keeps keys that collide with Object.prototype members as plain data', () => {
    const r = decodeEventJson(JSON.parse('{"session_variables":{"__proto__":"p","constructor":"c"}}'));
    expect(r.ok).toBe(true);
    const vars = r.ok ? r.value.session_variables : {};
    expect(Object.keys(vars)).toEqual(['__proto__', 'constructor']);
    expect(vars['constructor']).toBe('c');
  });
});

describe('encodeEventJson', () => {
  it('writes proto field names', () => {
    expect(encodeEventJson({ session_variables: { a: 'b' } })).toBe('{"session_variables":{"a":"b"}}');
  });
});
