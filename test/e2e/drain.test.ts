import http from 'node:http';
import path from 'node:path';
import { RawWebhookClient } from '../support/grpc-client';
import { checkHealth, createHealthClient } from '../support/health-client';
import { startServeProcess } from '../support/serve-process';

// Starts the built server and waits through its drain: allow for a loaded 2-core machine.
jest.setTimeout(30_000);

const RULES = path.resolve(__dirname, '../fixtures/e2e/rules');
const DRAIN_SECONDS = 1.5;
const EVENT = JSON.stringify({
  session_variables: { 'state.currentEvent': 'CALL_STARTED', 'caller.ani': '+4420' },
});

/** One request on a connection of its own (a listener that closed refuses it): status, body and fired rules. */
function send(
  port: number,
  method: 'GET' | 'POST',
  target: string,
  body?: string,
): Promise<{ status: number; body: unknown; fired: unknown }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ port, host: '127.0.0.1', method, path: target, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (d: string) => (text += d));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: JSON.parse(text),
          fired: res.headers['rulehook-fired'],
        }),
      );
    });
    req.on('error', reject);
    if (body !== undefined) req.setHeader('content-type', 'application/json');
    req.end(body);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('rulehook serve on SIGTERM: readiness false first, events answered while draining, then stop', () => {
  it('drains for --drain-seconds before its listeners close', async () => {
    // --expose-fired: the answers given while draining are shown to come from the rules.
    const server = await startServeProcess([
      ...['--rules', RULES, '--expose-fired', '--drain-seconds', String(DRAIN_SECONDS)],
    ]);
    const port = server.httpPort!;
    const health = createHealthClient(`127.0.0.1:${server.grpcPort}`);
    const webhook = new RawWebhookClient(`127.0.0.1:${server.grpcPort}`);
    try {
      const ready = await send(port, 'GET', '/readyz');
      const revision = (ready.body as { revision: string }).revision;
      expect(ready).toEqual({ status: 200, body: { status: 'ready', revision }, fired: undefined });
      expect(revision).toMatch(/^[0-9a-f]{12}$/);
      expect(server.stdout()).toContain(`(revision ${revision})`);
      expect(await checkHealth(health, '')).toEqual({ status: 'SERVING', revision });

      server.child.kill('SIGTERM');
      let notReadyAt = 0;
      for (const deadline = Date.now() + 5000; notReadyAt === 0 && Date.now() < deadline;) {
        const probe = await send(port, 'GET', '/readyz');
        if (probe.status === 503) {
          expect(probe.body).toEqual({ status: 'draining', revision });
          notReadyAt = Date.now();
        }
      }
      expect(notReadyAt).toBeGreaterThan(0);

      // Draining: not ready on both hosts, every event still answered on both.
      expect(await checkHealth(health, '')).toEqual({ status: 'NOT_SERVING', revision });
      expect(await send(port, 'POST', '/v1/events', EVENT)).toMatchObject({
        status: 200,
        fired: 'e2e/tag-uk-callers',
      });
      const grpcReply = await webhook.sendVariables({
        'state.currentEvent': 'CALL_STARTED',
        'caller.ani': '+4420',
      });
      expect(grpcReply.ok && grpcReply.trailer.get('rulehook-fired')).toEqual(['e2e/tag-uk-callers']);
      health.close();
      webhook.close();

      let answered = 0;
      let closedAt = 0;
      while (closedAt === 0) {
        try {
          expect((await send(port, 'POST', '/v1/events', EVENT)).status).toBe(200);
          answered++;
          await sleep(25);
        } catch (error) {
          // The listener closed: a new connection is refused, or one caught in the closing (accepted, or a
          // kept-alive one the server ends as it stops) is reset. Either marks the end of the drain.
          expect(['ECONNREFUSED', 'ECONNRESET']).toContain((error as NodeJS.ErrnoException).code);
          closedAt = Date.now();
        }
      }
      // The first 503 was seen at most a poll after readiness went false; the listener closed a drain later.
      expect(closedAt - notReadyAt).toBeGreaterThanOrEqual(DRAIN_SECONDS * 1000 - 300);
      expect(answered).toBeGreaterThan(5);
      expect(await server.exited).toBe(0);
      expect(server.stdout()).toMatch(
        /rulehook: draining for 1\.5 s: not ready, still answering events\nrulehook: shutting down, finishing in-flight requests\nrulehook: stopped\n$/,
      );
    } finally {
      health.close();
      webhook.close();
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    }
  });

  it('does not drain on SIGINT', async () => {
    const server = await startServeProcess(['--rules', RULES, '--drain-seconds', '30']);
    const stopped = Date.now();
    server.child.kill('SIGINT');
    expect(await server.exited).toBe(0);
    expect(Date.now() - stopped).toBeLessThan(10_000);
    expect(server.stdout()).not.toContain('draining');
  });
});
