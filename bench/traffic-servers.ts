import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './paths';

/** A server in a child process, loaded from outside: its port and its CPU time. */
export interface ServerProcess {
  port: number;
  pid: number;
  /**
   * CPU time the process and its live child processes (the workers of `serve
   * --workers`) have used so far (user + system), in seconds.
   */
  cpuSeconds(): number;
  /**
   * Time its main thread has spent ready to run but waiting for a CPU (other
   * processes had them), in seconds; NaN where the kernel does not report it.
   */
  cpuWaitSeconds(): number;
  stop(): Promise<void>;
}

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (usually 100). */
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

/** The fields of /proc/<pid>/stat after the command name, from field 3 (state) on; undefined once it is gone. */
function readStatFields(pid: number | string): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** utime + stime (fields 14 and 15), in seconds. */
function readCpuSeconds(pid: number | string): number {
  const fields = readStatFields(pid);
  return fields === undefined ? 0 : (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/**
 * The process's CPU time plus its live children's, found by their parent pid
 * (field 4): a cluster's workers. A child that exited is counted in the
 * parent's cutime once reaped, not here; the servers' workers live as long as they do.
 */
function readTreeCpuSeconds(pid: number): number {
  let total = readCpuSeconds(pid);
  for (const entry of readdirSync('/proc'))
    if (/^\d+$/.test(entry) && readStatFields(entry)?.[1] === String(pid)) total += readCpuSeconds(entry);
  return total;
}

/** The second field of /proc/<pid>/task/<pid>/schedstat: ns the main thread waited on a run queue. */
function readCpuWaitSeconds(pid: number): number {
  try {
    return Number(readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')[1]) / 1e9;
  } catch {
    return NaN;
  }
}

/** The transport a traffic server answers on: one only, so that the process serves nothing else. */
export type Transport = 'http' | 'grpc';

/** The line both kinds of server print once they listen, as `rulehook serve` does: its port. */
const LISTENING: Record<Transport, RegExp> = {
  http: /HTTP listening on http:\/\/[^:]+:(\d+)/,
  grpc: /gRPC listening on [^:]+:(\d+)/,
};

/** `rulehook serve` of the built CLI (`npm run build`) on one transport, on any free port; `nodeArgs` go to node. */
export function startRulehook(
  rulesDir: string,
  extraArgs: readonly string[] = [],
  transport: Transport = 'http',
  nodeArgs: readonly string[] = [],
): Promise<ServerProcess> {
  const only = transport === 'http' ? ['--no-grpc', '--http-port', '0'] : ['--no-http', '--grpc-port', '0'];
  return startServer(
    path.join(REPO_ROOT, 'dist/cli/main.js'),
    ['serve', '--rules', rulesDir, ...only, '--drain-seconds', '0', '--log-level', 'warn', ...extraArgs],
    LISTENING[transport],
    nodeArgs,
  );
}

/** The bare baseline of a transport (`traffic-bare-server.ts`, `traffic-bare-grpc-server.ts`), compiled next to this file. */
export function startBare(
  transport: Transport = 'http',
  nodeArgs: readonly string[] = [],
): Promise<ServerProcess> {
  const script = transport === 'http' ? 'traffic-bare-server.js' : 'traffic-bare-grpc-server.js';
  return startServer(path.join(__dirname, script), [], LISTENING[transport], nodeArgs);
}

/** The hand-written webhook of the traffic pack (`traffic-hand-written-server.ts`), over HTTP only. */
export function startHandWritten(): Promise<ServerProcess> {
  return startServer(path.join(__dirname, 'traffic-hand-written-server.js'), [], LISTENING.http);
}

/** Starts `node nodeArgs script args` and resolves once it prints the `listening` line with its port. */
function startServer(
  script: string,
  args: readonly string[],
  listening: RegExp,
  nodeArgs: readonly string[] = [],
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...nodeArgs, script, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null): void =>
      reject(new Error(`${path.basename(script)} exited with ${code} before listening:\n${output}`));
    child.once('exit', onExit);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const port = listening.exec(output)?.[1];
      if (port === undefined || child.pid === undefined) return;
      child.off('exit', onExit);
      child.stdout?.removeAllListeners('data');
      child.stdout?.resume();
      resolve(describe(child, child.pid, Number(port)));
    });
  });
}

function describe(child: ChildProcess, pid: number, port: number): ServerProcess {
  return {
    port,
    pid,
    cpuSeconds: () => readTreeCpuSeconds(pid),
    cpuWaitSeconds: () => readCpuWaitSeconds(pid),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
