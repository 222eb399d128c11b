import type { HttpError } from './errors';

/**
 * Accepts `application/json`, optionally with `charset=utf-8` (JSON is UTF-8 on
 * the wire, RFC 8259); any other media type or charset is refused with 415.
 */
export function checkJsonContentType(header: string | undefined): HttpError | undefined {
  if (header === 'application/json') return undefined;
  const [mediaType = '', ...params] = (header ?? '').split(';');
  if (mediaType.trim().toLowerCase() !== 'application/json') {
    return {
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: `expected content-type application/json, got ${header === undefined ? 'none' : JSON.stringify(header)}`,
    };
  }
  for (const param of params) {
    const [name = '', value = ''] = param.split('=');
    const charset = value.trim().replace(/^"|"$/g, '').toLowerCase();
    if (name.trim().toLowerCase() === 'charset' && charset !== 'utf-8' && charset !== 'utf8') {
      return {
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: `expected charset utf-8, got ${JSON.stringify(charset)}`,
      };
    }
  }
  return undefined;
}
