import { execFile } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from './paths';

/** What one run of a load generator reports. */
export interface LoadResult {
  requestsPerSecond: number;
  /** Requests answered with a 2xx. */
  succeeded: number;
  /** Requests that failed: socket errors (connect, read, write), timeouts, answers of another status. */
  failed: number;
}

/** The Lua script that cycles the bodies and prints the result as JSON (bench/ is not compiled: read in place). */
const SCRIPT = path.join(REPO_ROOT, 'bench', 'traffic-wrk.lua');

/** What the script's done() prints: wrk's summary and its error counts. */
interface WrkSummary {
  durationUs: number;
  requests: number;
  connect: number;
  read: number;
  write: number;
  /** Answers whose status is not 2xx or 3xx. */
  status: number;
  timeout: number;
  threads: number;
}

/**
 * wrk (HTTP/1.1 keep-alive) for `seconds` with `connections` connections over
 * `threads` threads, posting the bodies of `bodiesFile` (one per line) to
 * `url` in turn, cycling, as fast as the server answers. Every connection has
 * one request in flight. A request not answered within 10 s counts as failed.
 */
export function runWrk(
  url: string,
  bodiesFile: string,
  seconds: number,
  load: { connections: number; threads: number },
): Promise<LoadResult> {
  const args = [
    ...['-t', String(load.threads), '-c', String(load.connections), '-d', `${seconds}s`],
    ...['--timeout', '10s', '-s', SCRIPT, url, '--', bodiesFile, String(load.threads)],
  ];
  return new Promise((resolve, reject) => {
    execFile('wrk', args, { maxBuffer: 1 << 20 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`wrk failed: ${error.message}\n${stdout}${stderr}`));
      try {
        resolve(parseWrk(stdout, load.threads));
      } catch (parseError) {
        reject(parseError as Error);
      }
    });
  });
}

/**
 * Reads the `WRK_RESULT {…}` line the script's done() prints (wrk's own
 * summary is for people). wrk counts an answer of status 3xx as no error; the
 * servers loaded here never send one.
 */
export function parseWrk(output: string, threads: number): LoadResult {
  const line = /^WRK_RESULT (\{.*\})$/m.exec(output)?.[1];
  if (line === undefined) throw new Error(`wrk printed no result line:\n${output}`);
  const s = JSON.parse(line) as WrkSummary;
  if (s.threads !== threads || !(s.durationUs > 0))
    throw new Error(`unexpected wrk result (${threads} threads asked):\n${output}`);
  const failed = s.connect + s.read + s.write + s.timeout + s.status;
  return {
    requestsPerSecond: s.requests / (s.durationUs / 1e6),
    succeeded: s.requests - s.status,
    failed,
  };
}
