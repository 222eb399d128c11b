import { DEFAULT_HTTP_LIMITS } from '../host-limits';
import { describeClientError } from './client-errors';

const parseError = (code: string, reason: string) =>
  Object.assign(new Error(`Parse Error: ${reason}`), { code, reason });

describe('describeClientError', () => {
  it.each([
    ['HPE_HEADER_OVERFLOW', 431, 'HEADERS_TOO_LARGE', /limit of 16,384 bytes \(--max-header-bytes\)$/],
    ['HPE_CHUNK_EXTENSIONS_OVERFLOW', 413, 'PAYLOAD_TOO_LARGE', /^chunk extensions are too large$/],
    [
      'ERR_HTTP_REQUEST_TIMEOUT',
      408,
      'REQUEST_TIMEOUT',
      /5,000 ms \(--headers-timeout\).*10,000 ms \(--request-timeout\)$/,
    ],
    ['HPE_INVALID_METHOD', 400, 'BAD_REQUEST', /^malformed HTTP request: Bad thing \(HPE_INVALID_METHOD\)$/],
  ])('%s is %i %s', (code, status, errorCode, message) => {
    const error = describeClientError(parseError(code, 'Bad thing'), DEFAULT_HTTP_LIMITS);
    expect(error).toEqual({ status, code: errorCode, message: expect.stringMatching(message) });
  });
});
