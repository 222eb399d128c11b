import { Agent, request } from 'node:http';

const IN_FLIGHT = 32;

export interface HttpTarget {
  port: number;
  /** Keep-alive connections to this server, one per request in flight. */
  agent: Agent;
}

export function httpTarget(port: number): HttpTarget {
  return { port, agent: new Agent({ keepAlive: true, maxSockets: IN_FLIGHT }) };
}

/** POSTs `body` to `/v1/events` and resolves with the status and response text. */
export function postEvent(target: HttpTarget, body: Buffer): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        agent: target.agent,
        host: '127.0.0.1',
        port: target.port,
        method: 'POST',
        path: '/v1/events',
        headers: { 'content-type': 'application/json', 'content-length': body.length },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Sends exactly `requests` events, IN_FLIGHT at a time; fails on any status but 200. */
export async function loadHttp(target: HttpTarget, body: Buffer, requests: number): Promise<void> {
  let started = 0;
  const lane = async (): Promise<void> => {
    while (started < requests) {
      started++;
      const { status, text } = await postEvent(target, body);
      if (status !== 200) throw new Error(`HTTP ${status}: ${text}`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, requests) }, lane));
}
