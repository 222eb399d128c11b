import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describeRequiring, findMissingPrograms } from './describe-requiring';

/**
 * Real redis-server processes for the Redis tests (no mocks). `.ci/run` installs
 * redis-server; elsewhere, when it is missing, the suites are skipped with a loud
 * message, never silently, and under CI a missing server fails the run.
 */
const MISSING = findMissingPrograms({ 'redis-server': 'redis-server' });

/** Every suite that runs a redis-server is declared with this (describeRequiring's rules). */
export function describeWithRedis(name: string, body: () => void): void {
  describeRequiring(MISSING, name, body);
}

export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A redis-server on a loopback port of its own, which tests may stop and start again on the same port. */
export class RedisServer {
  private child: ChildProcess | undefined;
  private readonly dir = mkdtempSync(path.join(os.tmpdir(), 'rulehook-redis-'));

  private constructor(readonly port: number) {}

  static async start(): Promise<RedisServer> {
    const server = new RedisServer(await findFreePort());
    await server.resume();
    return server;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}/0`;
  }

  /** Starts (again) on the same port; resolves when it accepts connections. */
  async resume(): Promise<void> {
    const child = spawn(
      'redis-server',
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        this.dir,
      ],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    this.child = child;
    await new Promise<void>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${out}`)), 10_000);
      child.stdout?.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited with ${code}: ${out}`));
      });
    });
  }

  /** Kills the server (SIGKILL: as abrupt as a crash) and waits until it is gone. */
  async kill(): Promise<void> {
    const child = this.child;
    if (child === undefined || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    this.child = undefined;
  }
}
