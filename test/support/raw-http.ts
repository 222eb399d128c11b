import net from 'node:net';

/** One HTTP/1.1 response as it came off the wire. */
export interface RawResponse {
  status: number;
  /** Header names lower-cased; a repeated header keeps its last value. */
  headers: Record<string, string>;
  body: string;
}

/** What happened to raw request bytes: the responses read, and whether and how the connection ended. */
export interface RawExchange {
  responses: RawResponse[];
  /** The server closed (or reset) the connection before `waitMs` ran out. */
  closed: boolean;
  /** Bytes received that do not form a whole response (a response cut short, or not HTTP at all). */
  rest: string;
  /** Milliseconds from the first write until the connection closed, or until `waitMs`. */
  elapsedMs: number;
}

/**
 * Writes `bytes` to a fresh connection (optionally in several writes, `gapMs` apart, then half-closing
 * it with `endAfterWrite`: the server then answers what it has and closes), then reads until
 * `responses` whole responses arrived (and, when the last says `connection: close`, until the server
 * closes), the server closes the connection, or `waitMs` pass. Never rejects: a refused or reset
 * connection is a result like any other.
 */
export function exchangeRaw(
  port: number,
  bytes: string | Buffer | readonly (string | Buffer)[],
  options: { waitMs?: number; gapMs?: number; responses?: number; endAfterWrite?: boolean } = {},
): Promise<RawExchange> {
  const { waitMs = 3000, gapMs = 0, responses = 1, endAfterWrite = false } = options;
  const parts = typeof bytes === 'string' || Buffer.isBuffer(bytes) ? [bytes] : bytes;
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    const started = Date.now();
    let settled = false;
    const settle = (closed: boolean): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ ...parseResponses(Buffer.concat(received)), closed, elapsedMs: Date.now() - started });
    };
    const timer = setTimeout(() => settle(false), waitMs);
    socket.on('data', (chunk: Buffer) => {
      received.push(chunk);
      const parsed = parseResponses(Buffer.concat(received)).responses;
      if (parsed.length >= responses && parsed.at(-1)?.headers['connection'] !== 'close') settle(false);
    });
    socket.on('error', () => settle(true));
    socket.on('close', () => settle(true));
    socket.on('connect', async () => {
      for (const [i, part] of parts.entries()) {
        if (i > 0 && gapMs > 0) await new Promise((r) => setTimeout(r, gapMs));
        if (socket.destroyed) return;
        socket.write(part);
      }
      if (endAfterWrite && !socket.destroyed) socket.end();
    });
  });
}

/** Splits bytes into the responses they hold; bodies are read by `content-length` (rulehook always sends it). */
export function parseResponses(bytes: Buffer): { responses: RawResponse[]; rest: string } {
  const responses: RawResponse[] = [];
  let at = 0;
  for (;;) {
    const headEnd = bytes.indexOf('\r\n\r\n', at);
    if (headEnd === -1) break;
    const [statusLine = '', ...lines] = bytes.toString('latin1', at, headEnd).split('\r\n');
    const match = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine);
    if (match === null) break;
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    const bodyStart = headEnd + 4;
    if (bodyStart + length > bytes.length) break;
    responses.push({
      status: Number(match[1]),
      headers,
      body: bytes.toString('utf8', bodyStart, bodyStart + length),
    });
    at = bodyStart + length;
  }
  return { responses, rest: bytes.toString('latin1', at) };
}
