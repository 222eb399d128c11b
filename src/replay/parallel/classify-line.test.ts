import fc from 'fast-check';
import { decodeRecordingLine } from '../input/read-recording';
import { LineClassifier } from './classify-line';

const KEY = 'state.sessionId';
const classify = (text: string, key = KEY) => new LineClassifier(key).classify('r.jsonl', { line: 4, text });

describe('LineClassifier', () => {
  it('finds the session of a recorded line without parsing it, the last of repeated keys', () => {
    expect(classify('{"session_variables":{"a":"1","state.sessionId":"s-1"}}')).toEqual({
      kind: 'event',
      session: 's-1',
    });
    expect(classify('{"session_variables":{"state.sessionId":"x","state.sessionId":"y"}}')).toEqual({
      kind: 'event',
      session: 'y',
    });
    expect(classify('{"session_variables":{"a":"1"}}')).toEqual({ kind: 'event', session: '' });
    expect(classify('{"session_variables":{}}')).toEqual({ kind: 'event', session: '' });
  });

  it('does not take a value, or a key written with escapes, for the session key', () => {
    expect(classify('{"session_variables":{"a":"state.sessionId","b":"2"}}')).toEqual({
      kind: 'event',
      session: '',
    });
    expect(classify('{"session_variables":{"state\\u002esessionId":"s-2"}}')).toEqual({
      kind: 'event',
      session: 's-2',
    });
    expect(classify('{"session_variables":{"a":":","b":"c"}}', ':')).toEqual({ kind: 'event', session: '' });
  });

  it('says what the in-thread reader says of blank and bad lines', () => {
    expect(classify('  ')).toEqual({ kind: 'blank' });
    for (const text of ['nope', '[]', '{"session_variables":{"a":1}}', '{"session_variables":{"a":"\t"}}'])
      expect(classify(text)).toEqual({
        kind: 'bad',
        item: decodeRecordingLine('r.jsonl', { line: 4, text }),
      });
    const problem = 'the line is not valid UTF-8';
    expect(new LineClassifier(KEY).classify('r.jsonl', { line: 4, text: '{', problem })).toMatchObject({
      kind: 'bad',
      item: { line: 4, message: problem },
    });
  });

  it('agrees with JSON.parse on any line of any variables, under any session key', () => {
    const text = fc.oneof(fc.string({ maxLength: 6 }), fc.string({ unit: 'binary', maxLength: 4 }));
    const key = fc.oneof(fc.constant(KEY), text);
    const variables = fc.dictionary(fc.oneof(fc.constant(KEY), text), text);
    fc.assert(
      fc.property(key, variables, fc.boolean(), (sessionKey, vars, camel) => {
        const field = camel ? 'sessionVariables' : 'session_variables';
        const text = JSON.stringify({ [field]: vars });
        const expected = (JSON.parse(text)[field] as Record<string, string>)[sessionKey] ?? '';
        expect(classify(text, sessionKey)).toEqual({ kind: 'event', session: expected });
      }),
      { numRuns: 2000 },
    );
  });
});
