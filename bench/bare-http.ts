import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RunningHost } from '../src/hosts';

const ANSWER = '{"result_code":200}';

/**
 * The HTTP baseline: the least any JSON webhook must do. Reads the body,
 * JSON.parses it, answers `{"result_code":200}` as application/json.
 */
function handle(req: IncomingMessage, res: ServerResponse): void {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    try {
      JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      res.writeHead(400).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': ANSWER.length });
    res.end(ANSWER);
  });
}

export async function startBareHttpServer(host: string): Promise<RunningHost> {
  const server = createServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  return {
    host,
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
