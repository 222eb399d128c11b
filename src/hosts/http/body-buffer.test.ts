import { BodyBuffer } from './body-buffer';

describe('BodyBuffer', () => {
  it('keeps a body that arrives in one chunk as that chunk, without a copy', () => {
    const chunk = Buffer.from('{"a":"b"}');
    const body = new BodyBuffer(chunk.length, 1024);
    body.append(chunk);
    expect(body.bytes()).toBe(chunk);
  });

  it('collects a declared body into one buffer of its declared length', () => {
    const body = new BodyBuffer(10, 1024);
    for (const part of ['abc', 'def', 'ghij']) body.append(Buffer.from(part));
    expect(body.bytes().toString()).toBe('abcdefghij');
    expect(body.size).toBe(10);
  });

  it('grows a chunked body up to its limit', () => {
    const body = new BodyBuffer(undefined, 100_000);
    const parts = Array.from({ length: 40 }, (_, i) => Buffer.alloc(2000, 97 + (i % 26)));
    for (const part of parts) body.append(part);
    expect(body.bytes().equals(Buffer.concat(parts))).toBe(true);
  });

  it('is empty before any chunk and after discard', () => {
    const body = new BodyBuffer(undefined, 10);
    expect(body.bytes().length).toBe(0);
    body.append(Buffer.from('abc'));
    body.append(Buffer.from('def'));
    body.discard();
    expect([body.size, body.bytes().length]).toEqual([0, 0]);
  });
});
