import { isAscii, isUtf8 } from 'node:buffer';

/** A leading byte order mark, dropped as a UTF-8 decoder drops it. */
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * A request body as text, or undefined when it is not UTF-8 (the caller refuses it; no byte is ever
 * replaced). Bodies are nearly always ASCII: `isAscii` checks them (SIMD) and they are read byte for
 * byte as Latin-1, which V8 keeps as a one-byte string with no decoding at all. Any other body is
 * checked whole by `isUtf8` before it is decoded, dropping one leading byte order mark.
 */
export function decodeUtf8(bytes: Buffer): string | undefined {
  if (isAscii(bytes)) return bytes.toString('latin1');
  if (!isUtf8(bytes)) return undefined;
  return bytes.toString('utf8', bytes.subarray(0, 3).equals(BOM) ? 3 : 0);
}
