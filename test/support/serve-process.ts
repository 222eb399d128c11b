import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { BUILT_CLI } from './built-cli';

export { BUILT_CLI } from './built-cli';

export interface ServeProcess {
  child: ChildProcessWithoutNullStreams;
  httpPort: number | undefined;
  grpcPort: number | undefined;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
}

/** Runs the built `rulehook` binary (npm test builds it first) and waits until it prints where it listens. */
export function startServeProcess(args: string[], timeoutMs = 15_000): Promise<ServeProcess> {
  if (!existsSync(BUILT_CLI))
    throw new Error(`${BUILT_CLI} is missing: run \`npm run build\` (npm test does) first`);
  const child = spawn(process.execPath, [
    BUILT_CLI,
    'serve',
    '--http-port',
    '0',
    '--grpc-port',
    '0',
    // Tests stop servers with SIGTERM: no drain unless a test asks for one (a later flag wins).
    '--drain-seconds',
    '0',
    ...args,
  ]);
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const wantHttp = !args.includes('--no-http');
  const wantGrpc = !args.includes('--no-grpc');
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`serve did not start within ${timeoutMs} ms\nstdout: ${out}\nstderr: ${err}`));
    }, timeoutMs);
    const check = (): void => {
      const http = /HTTP listening on https?:\/\/[^\s]+:(\d+)/.exec(out);
      const grpc = /gRPC listening on [^\s]+:(\d+)/.exec(out);
      if ((wantHttp && !http) || (wantGrpc && !grpc)) return;
      clearTimeout(timer);
      resolve({
        child,
        httpPort: http ? Number(http[1]) : undefined,
        grpcPort: grpc ? Number(grpc[1]) : undefined,
        stdout: () => out,
        stderr: () => err,
        exited,
      });
    };
    child.stdout.on('data', check);
    exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${code} before listening\nstdout: ${out}\nstderr: ${err}`));
    });
  });
}

/**
 * A suite's servers: `serve(...args)` starts the built binary with `baseArgs` first, and every server a test
 * started is killed (SIGKILL) after it. Call at the top level of a test file.
 */
export function useServeProcesses(baseArgs: readonly string[]): (...args: string[]) => Promise<ServeProcess> {
  const servers: ServeProcess[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  });
  return async (...args) => {
    const server = await startServeProcess([...baseArgs, ...args]);
    servers.push(server);
    return server;
  };
}
