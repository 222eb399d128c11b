import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { BUILT_CLI } from './built-cli';

export interface ConsoleProcess {
  child: ChildProcessWithoutNullStreams;
  /** `http://127.0.0.1:PORT/console/`, as the command printed it. */
  url: string;
  stop(): Promise<void>;
}

/** Runs the built `rulehook console PACK --port 0` and waits for the line saying where it listens. */
export function startConsoleProcess(
  pack: string,
  args: string[] = [],
  timeoutMs = 15_000,
  cli = BUILT_CLI,
): Promise<ConsoleProcess> {
  const child = spawn(process.execPath, [cli, 'console', pack, '--port', '0', ...args]);
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`console did not start within ${timeoutMs} ms\nstdout: ${out}\nstderr: ${err}`));
    }, timeoutMs);
    child.stdout.on('data', () => {
      const url = /^console: (http:\/\/\S+)$/m.exec(out)?.[1];
      if (url === undefined) return;
      clearTimeout(timer);
      resolve({ child, url, stop });
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`console exited with ${code} before listening\nstdout: ${out}\nstderr: ${err}`));
    });
  });
}
