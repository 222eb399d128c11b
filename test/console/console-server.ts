import { cp, mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { createConsoleRouter, type ConsoleRouterOptions } from '../../src/console/host/console-router';

/** A JSON answer; its body is read by each test as it expects it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are checked by the assertions
export type JsonAnswer = { status: number; body: any };

/** A console over real HTTP on an ephemeral port, for a copy of an example pack in a temporary directory. */
export interface ConsoleServer {
  url: string;
  pack: string;
  get(endpoint: string): Promise<JsonAnswer>;
  post(endpoint: string, body: unknown): Promise<JsonAnswer>;
  close(): Promise<void>;
}

export async function startConsoleServer(
  example: string,
  options: Partial<ConsoleRouterOptions> = {},
): Promise<ConsoleServer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'rulehook-console-'));
  const pack = path.join(dir, 'pack');
  await cp(path.join(__dirname, '../../examples', example), pack, { recursive: true });
  const app = express();
  app.use(
    createConsoleRouter({
      pack: { cwd: pack, paths: ['.'] },
      readOnly: false,
      mode: 'standalone',
      ...options,
    }),
  );
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const answer = async (response: Response): Promise<JsonAnswer> => ({
    status: response.status,
    body: await response.json(),
  });
  return {
    url,
    pack,
    get: async (endpoint) => answer(await fetch(`${url}/console/api/${endpoint}`)),
    post: async (endpoint, body) =>
      answer(
        await fetch(`${url}/console/api/${endpoint}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      ),
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await rm(dir, { recursive: true, force: true });
    },
  };
}
