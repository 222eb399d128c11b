import http from 'node:http';

/** An answer of `POST /v1/events`: its `rulehook-fired` header (null when absent) and its JSON body. */
export interface EventAnswer<B = unknown> {
  fired: string | null;
  body: B;
}

/**
 * One event on a connection of its own (no agent): the primary of `serve --workers` hands new connections
 * to its workers in turn, so that consecutive events reach different workers.
 */
export function postOnNewConnection<B = unknown>(
  port: number,
  variables: Record<string, string>,
): Promise<EventAnswer<B>> {
  const body = JSON.stringify({ session_variables: variables });
  return new Promise((resolve, reject) => {
    const req = http.request(
      { port, host: '127.0.0.1', method: 'POST', path: '/v1/events', agent: false },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (d: string) => (text += d));
        res.on('end', () =>
          resolve({
            fired: (res.headers['rulehook-fired'] as string | undefined) ?? null,
            body: JSON.parse(text) as B,
          }),
        );
      },
    );
    req.on('error', reject);
    req.setHeader('content-type', 'application/json');
    req.end(body);
  });
}
