import cluster, { type Worker } from 'node:cluster';
import path from 'node:path';
import { describeListening, type RunningHost } from '../hosts';
import type { CliIO } from '../terminal/command-io';
import { PACKAGE_ROOT } from '../package-root';

const LISTENING = 'rulehook:listening';

interface ListeningMessage {
  type: typeof LISTENING;
  summary: string;
  http?: { host: string; port: number };
  grpc?: { host: string; port: number };
}

const address = (h: RunningHost | undefined) =>
  h === undefined ? undefined : { host: h.host, port: h.port };

/** A worker tells the primary it listens; the primary speaks for all of them on stdout. */
export function reportListeningToPrimary(
  summary: string,
  hosts: { http?: RunningHost; grpc?: RunningHost },
): void {
  const message: ListeningMessage = {
    type: LISTENING,
    summary,
    http: address(hosts.http),
    grpc: address(hosts.grpc),
  };
  process.send?.(message);
}

/**
 * `serve --workers N`: forks N workers of the built CLI sharing the ports
 * (node:cluster). Prints where they listen once all do; a worker failing at
 * startup stops them all (exit 1); one dying later is replaced. On abort, sends
 * SIGTERM to every worker (each finishes its in-flight requests) and resolves
 * 0 when all exited cleanly.
 */
export function runServePrimary(
  args: string[],
  workers: number,
  io: CliIO,
  signal: AbortSignal | undefined,
): Promise<number> {
  cluster.setupPrimary({ exec: path.join(PACKAGE_ROOT, 'dist', 'cli', 'main.js'), args: ['serve', ...args] });
  const listening = new Map<number, ListeningMessage>();
  let announced = false;
  let stopping = false;
  let failed = false;

  return new Promise<number>((resolve) => {
    const stopAll = (): void => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    };
    const fork = (): void => {
      const worker: Worker = cluster.fork();
      worker.on('message', (message: ListeningMessage) => {
        if (message?.type !== LISTENING) return;
        listening.set(worker.id, message);
        if (announced || listening.size < workers) return;
        announced = true;
        io.stdout.write(`rulehook: serving ${message.summary} in ${workers} workers\n`);
        io.stdout.write(describeListening(message));
      });
    };
    const onExit = (worker: Worker, code: number | null, killedBy: string | null): void => {
      listening.delete(worker.id);
      if (code !== 0) failed = true;
      if (!stopping && !announced) {
        io.stderr.write(`rulehook serve: a worker exited (${code ?? killedBy}) during startup; stopping\n`);
        stopAll();
      } else if (!stopping) {
        io.stderr.write(
          `rulehook serve: worker ${worker.process.pid} exited (${code ?? killedBy}); starting a replacement\n`,
        );
        fork();
        return;
      }
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        cluster.off('exit', onExit);
        if (announced && !failed) io.stdout.write('rulehook: stopped\n');
        resolve(failed ? 1 : 0);
      }
    };
    cluster.on('exit', onExit);
    signal?.addEventListener(
      'abort',
      () => {
        io.stdout.write('rulehook: shutting down, finishing in-flight requests\n');
        stopAll();
      },
      { once: true },
    );
    for (let i = 0; i < workers; i++) fork();
  });
}
