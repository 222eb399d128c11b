/**
 * Requests of libuv's thread pool, as `process.getActiveResourcesInfo()` names them: file system calls
 * and DNS lookups.
 */
const POOL_REQUESTS: ReadonlySet<string> = new Set([
  'FSReqCallback',
  'FSReqPromise',
  'GetAddrInfoReqWrap',
  'GetNameInfoReqWrap',
]);

/** How long an exit waits for the thread pool's requests to end, in ms. */
export const EXIT_WAIT_MS = 1_000;

const POLL_MS = 20;

/**
 * Ends the process with `code`. `process.exit` joins every thread of libuv's pool, so a request that
 * never returns (a FIFO opened with no writer, a stalled network mount) would make the exit itself wait
 * forever, after the server has said it stopped. The exit therefore waits for the pool's requests to
 * end, up to `waitMs`, and past that ends the process with SIGKILL (the only end that does not wait for
 * those threads), after saying why.
 */
export function exitProcess(code: number, waitMs = EXIT_WAIT_MS): void {
  const deadline = Date.now() + waitMs;
  const attempt = (): void => {
    const pending = process.getActiveResourcesInfo().filter((name) => POOL_REQUESTS.has(name));
    if (pending.length === 0) process.exit(code);
    if (Date.now() >= deadline) {
      process.stderr.write(
        `rulehook: ${pending.length} file system or DNS call(s) still blocked after ${waitMs} ms; ending the process with SIGKILL\n`,
      );
      process.kill(process.pid, 'SIGKILL');
    }
    setTimeout(attempt, POLL_MS);
  };
  attempt();
}
