import { execFile } from 'node:child_process';

/** What one h2load run reports. */
export interface H2loadResult {
  requestsPerSecond: number;
  /** Requests answered with a 2xx. */
  succeeded: number;
  /** Requests that failed, errored or timed out, or were answered with another status. */
  failed: number;
  /** Bytes of response bodies (HTTP/2 DATA frames, HTTP/1.1 bodies) received. */
  dataBytes: number;
}

/** How h2load talks to the server. */
export interface H2loadLoad {
  /** HTTP/1.1 keep-alive connections (`--h1`), or HTTP/2 ones (prior knowledge) when false. */
  h1: boolean;
  connections: number;
  /** Concurrent streams per HTTP/2 connection (`-m`); 1 for HTTP/1.1. */
  streams: number;
  headers: readonly string[];
}

/**
 * h2load for `seconds`: `load.connections` connections posting `bodyFile`
 * to `url` with `load.streams` requests in flight on each, as fast as the
 * server answers.
 */
export function runH2load(
  url: string,
  bodyFile: string,
  seconds: number,
  load: H2loadLoad,
): Promise<H2loadResult> {
  const args = [
    ...(load.h1 ? ['--h1'] : []),
    ...['-c', String(load.connections), '-m', String(load.streams), '-D', String(seconds), '-d', bodyFile],
    ...load.headers.flatMap((header) => ['-H', header]),
  ];
  return new Promise((resolve, reject) => {
    execFile('h2load', [...args, url], (error, stdout) => {
      if (error) return reject(new Error(`h2load failed: ${error.message}\n${stdout}`));
      resolve(parseH2load(stdout));
    });
  });
}

/**
 * Reads `finished in 4.00s, 12345.67 req/s, …`, `requests: … N succeeded, N
 * failed, N errored, N timeout`, `status codes: N 2xx, …` and `traffic: … (N) data`.
 */
export function parseH2load(output: string): H2loadResult {
  const rate = /finished in [\d.]+m?s, ([\d.]+) req\/s/.exec(output)?.[1];
  const requests = /requests: .*?(\d+) succeeded, (\d+) failed, (\d+) errored, (\d+) timeout/.exec(output);
  const ok = /status codes: (\d+) 2xx/.exec(output)?.[1];
  const data = /traffic: .*\((\d+)\) data/.exec(output)?.[1];
  if (rate === undefined || requests === null || ok === undefined || data === undefined)
    throw new Error(`unexpected h2load output:\n${output}`);
  const [, done, failed, errored, timeout] = requests.map(Number) as number[];
  // With -D, HTTP/2 streams still open when time is up have their status counted but are not done.
  const succeeded = Math.min(done as number, Number(ok));
  return {
    requestsPerSecond: Number(rate),
    succeeded,
    failed: (failed as number) + (errored as number) + (timeout as number) + (done as number) - succeeded,
    dataBytes: Number(data),
  };
}
