import { MAX_REQUEST_ID_CHARS, readRequestId, RequestIds } from './request-id';

describe('readRequestId', () => {
  it('keeps an id of visible ASCII up to the limit', () => {
    expect(readRequestId('3f2a-9c/call:7')).toBe('3f2a-9c/call:7');
    expect(readRequestId('x'.repeat(MAX_REQUEST_ID_CHARS))).toHaveLength(MAX_REQUEST_ID_CHARS);
  });

  it.each([
    ['absent', undefined],
    ['empty', ''],
    ['too long', 'x'.repeat(MAX_REQUEST_ID_CHARS + 1)],
    ['with a space', 'a b'],
    ['with a line break', 'a\n{"level":"error"}'],
    ['not ASCII', 'é'],
    ['not a string', Buffer.from('abc')],
  ])('replaces one %s', (_, value) => {
    expect(readRequestId(value)).toBeUndefined();
  });
});

describe('RequestIds', () => {
  it('numbers ids under a prefix drawn per generator', () => {
    const ids = new RequestIds();
    const [a, b] = [ids.next(), ids.next()];
    expect(a).toMatch(/^[A-Za-z0-9_-]{8}-1$/);
    expect(b).toBe(a.replace(/1$/, '2'));
    expect(new RequestIds().next()).not.toBe(a);
  });
});
