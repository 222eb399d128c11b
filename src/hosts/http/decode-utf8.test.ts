import { decodeUtf8 } from './decode-utf8';

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

describe('decodeUtf8', () => {
  it('reads ASCII and UTF-8 bodies as the strict decoder does', () => {
    for (const text of ['', '{"a":"b"}', '{"a":"é ü 日本 🎧"}', ' \r\n\t']) {
      const bytes = Buffer.from(text);
      expect(decodeUtf8(bytes)).toBe(text);
      expect(decodeUtf8(bytes)).toBe(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    }
  });

  it('drops one leading byte order mark, and only one', () => {
    expect(decodeUtf8(Buffer.concat([BOM, Buffer.from('{"a":"é"}')]))).toBe('{"a":"é"}');
    expect(decodeUtf8(Buffer.concat([BOM, Buffer.from('{}')]))).toBe('{}');
    expect(decodeUtf8(BOM)).toBe('');
    expect(decodeUtf8(Buffer.concat([BOM, BOM]))).toBe('\uFEFF');
  });

  it.each([
    ['a lone continuation byte', [0x7b, 0x80, 0x7d]],
    ['a byte never in UTF-8', [0xff]],
    ['an overlong encoding of "/"', [0xc0, 0xaf]],
    ['an encoded surrogate', [0xed, 0xa0, 0x80]],
    ['a sequence cut short at the end', [0x61, 0xe6, 0x97]],
    ['bad bytes after a byte order mark', [0xef, 0xbb, 0xbf, 0xfe]],
  ])('refuses %s', (_case, bytes) => {
    expect(decodeUtf8(Buffer.from(bytes))).toBeUndefined();
  });
});
