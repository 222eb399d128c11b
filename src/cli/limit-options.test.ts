import { createMemoryIO } from '../../test/support/memory-io';
import { parseServeOptions } from './serve-options';

describe('serve limit options', () => {
  const io = createMemoryIO({ cwd: '/srv' });

  it('carries every flag to the bound it names, on the host it belongs to', () => {
    const parsed = parseServeOptions(
      [
        ...['--max-variables', '5', '--max-key-bytes', '6', '--max-value-bytes', '7'],
        ...['--max-inflight-events', '8', '--max-inflight-bytes', '9', '--max-connections', '10'],
        ...['--idle-timeout', '11', '--headers-timeout', '12', '--request-timeout', '13'],
        ...['--max-header-bytes', '14', '--max-streams', '15', '--grpc-conn-memory', '16'],
      ],
      io,
    );
    expect(parsed.kind === 'ok' && parsed.options.limits).toEqual({
      event: { maxVariables: 5, maxKeyBytes: 6, maxValueBytes: 7 },
      maxInflightEvents: 8,
      http: {
        maxConnections: 10,
        idleTimeoutMs: 11,
        requestTimeoutMs: 13,
        headersTimeoutMs: 12,
        maxHeaderBytes: 14,
        maxInflightBytes: 9,
      },
      grpc: {
        maxConnections: 10,
        idleTimeoutMs: 11,
        requestTimeoutMs: 13,
        maxConcurrentStreams: 15,
        connectionMemoryMib: 16,
      },
    });
  });

  it('accepts headers and request timeouts that are equal', () => {
    const parsed = parseServeOptions(['--headers-timeout', '3000', '--request-timeout', '3000'], io);
    expect(parsed.kind).toBe('ok');
  });
});
