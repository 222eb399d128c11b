import { createMemoryIO } from '../../../../../test/support/memory-io';
import { parseServeOptions } from '../serve-options';

describe('serve limit options', () => {
  const io = createMemoryIO({ cwd: '/srv' });

  it('carries every flag to the bound it names, on the host it belongs to', () => {
    const parsed = parseServeOptions(
      [
        ...['--max-variables', '5', '--max-key-bytes', '6', '--max-value-bytes', '7'],
        ...['--max-message-bytes', '9'],
        ...['--max-inflight-events', '8', '--max-inflight-bytes', '9', '--max-connections', '10'],
        ...['--idle-timeout', '11', '--headers-timeout', '12', '--request-timeout', '13'],
        ...['--max-header-bytes', '14', '--max-streams', '15', '--grpc-conn-memory', '16'],
        ...['--client-share', '17'],
      ],
      io,
    );
    expect(parsed.ok && parsed.options.limits).toEqual({
      event: { maxVariables: 5, maxKeyBytes: 6, maxValueBytes: 7 },
      maxInflightEvents: 8,
      clientSharePercent: 17,
      http: {
        maxConnections: 10,
        idleTimeoutMs: 11,
        requestTimeoutMs: 13,
        clientSharePercent: 17,
        headersTimeoutMs: 12,
        maxHeaderBytes: 14,
        maxInflightBytes: 9,
      },
      grpc: {
        maxConnections: 10,
        idleTimeoutMs: 11,
        requestTimeoutMs: 13,
        clientSharePercent: 17,
        maxConcurrentStreams: 15,
        connectionMemoryMib: 16,
        maxMetadataBytes: 14,
      },
    });
  });

  it('refuses fewer bytes in flight than one message may have, which would answer 429 forever', () => {
    expect(parseServeOptions(['--max-inflight-bytes', '1000', '--max-message-bytes', '1001'], io)).toEqual({
      ok: false,
      message:
        '--max-inflight-bytes (1000) must not be smaller than --max-message-bytes (1001): an HTTP body of an allowed size could never be read',
    });
    expect(parseServeOptions(['--max-message-bytes', '104857600'], io).ok).toBe(false);
  });

  it('accepts as many bytes in flight as one message, and any bytes in flight without HTTP', () => {
    const equal = parseServeOptions(['--max-inflight-bytes', '1000', '--max-message-bytes', '1000'], io);
    expect(equal.ok && equal.options.limits.http.maxInflightBytes).toBe(1000);
    const grpcOnly = ['--no-http', '--max-inflight-bytes', '1000', '--max-message-bytes', '1001'];
    expect(parseServeOptions(grpcOnly, io).ok).toBe(true);
  });

  it('refuses a share that is not a whole percentage from 1 to 100, naming the flag', () => {
    expect(parseServeOptions(['--client-share', '0'], io)).toEqual({
      ok: false,
      message: '--client-share expects a whole percentage from 1 to 100, got "0"',
    });
  });

  it('accepts headers and request timeouts that are equal', () => {
    const parsed = parseServeOptions(['--headers-timeout', '3000', '--request-timeout', '3000'], io);
    expect(parsed.ok).toBe(true);
  });
});
