import { statSync } from 'node:fs';
import type { Server } from 'node:http';
import { isIP } from 'node:net';
import path from 'node:path';
import express from 'express';
import { createConsoleRouter } from '../../../console/host/console-router';
import { formatHostPort } from '../../../hosts/running-host';
import { findPackRoot } from '../../../lsp/workspace/find-pack-root';
import type { CliIO } from '../../../terminal/command-io';
import { reportUsage } from '../../options/report-usage';
import { CONSOLE_USAGE, parseConsoleOptions } from './console-options';

/**
 * `rulehook console [PACK] [--port 8090] [--host 127.0.0.1]`: serves the console for one pack until
 * `signal` aborts (SIGINT, SIGTERM), then closes the server and returns 0. Prints
 * `console: http://HOST:PORT/console/` once it listens, with the port bound (`--port 0`).
 */
export async function runConsole(args: string[], io: CliIO, signal?: AbortSignal): Promise<number> {
  const parsed = parseConsoleOptions(args);
  if (!parsed.ok) return reportUsage(io, 'console', CONSOLE_USAGE, parsed);
  const { host, port } = parsed.options;
  const root = choosePackRoot(parsed.options.pack, io.cwd);
  if (!root.ok) {
    io.stderr.write(`rulehook console: ${root.message}; not started\n`);
    return 1;
  }
  const app = express();
  app.disable('x-powered-by');
  app.use(
    createConsoleRouter({
      pack: { cwd: root.directory, paths: ['.'] },
      readOnly: false,
      mode: 'standalone',
      onError: (error) => io.stderr.write(`rulehook console: ${(error as Error)?.stack ?? String(error)}\n`),
    }),
  );
  let server: Server;
  try {
    server = await listen(app, port, host);
  } catch (error) {
    io.stderr.write(
      `rulehook console: cannot listen on ${formatHostPort(host, port)}: ${(error as Error).message}\n`,
    );
    return 1;
  }
  const bound = (server.address() as { port: number }).port;
  if (!isLoopback(host))
    io.stderr.write(
      `rulehook console: warning: listening on ${host}, not loopback: anyone who can reach it can read and write the rule files of ${root.directory}\n`,
    );
  io.stdout.write(
    `rulehook console: pack ${root.directory}\nconsole: http://${formatHostPort(host, bound)}/console/\n`,
  );
  await waitForAbort(signal);
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
  return 0;
}

function choosePackRoot(
  given: string | undefined,
  cwd: string,
): { ok: true; directory: string } | { ok: false; message: string } {
  if (given === undefined) {
    const found = findPackRoot(path.join(cwd, 'catalog.yaml'), path.parse(cwd).root);
    return { ok: true, directory: found.hasCatalog ? found.root : cwd };
  }
  const directory = path.resolve(cwd, given);
  try {
    if (statSync(directory).isDirectory()) return { ok: true, directory };
    return { ok: false, message: `'${given}' is a file; give the pack's directory` };
  } catch {
    return { ok: false, message: `no such directory: '${given}'` };
  }
}

function isLoopback(host: string): boolean {
  if (host === 'localhost' || host === '::1') return true;
  return isIP(host) === 4 && host.startsWith('127.');
}

function listen(app: express.Express, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host);
    server.once('listening', () => resolve(server));
    server.once('error', reject);
  });
}

function waitForAbort(signal: AbortSignal | undefined): Promise<void> {
  if (signal === undefined) return new Promise(() => {});
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
}
