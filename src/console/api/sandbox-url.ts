import { failWith, type ApiResult } from './api-result';

/** How long the sandbox may take to answer. */
export const SANDBOX_TIMEOUT_MS = 5000;

export type SandboxBase = { ok: true; base: URL } | { ok: false; result: ApiResult };

/**
 * The base URL of a running `rulehook sandbox` (its HTTP port), as a caller gave it, ending in `/` so that
 * the sandbox's paths resolve under it. Only a sandbox on this machine (a loopback address) is asked: the
 * console must not make a server fetch addresses its callers choose.
 */
export function readSandboxBase(url: unknown): SandboxBase {
  if (typeof url !== 'string') return refuse('sandbox needs a url');
  let base: URL;
  try {
    base = new URL(url);
  } catch {
    return refuse(`sandbox url ${url} is not a URL`);
  }
  if (!/^https?:$/.test(base.protocol) || !isLoopback(base.hostname))
    return refuse('sandbox url must be http(s) on a loopback address');
  return { ok: true, base: base.pathname.endsWith('/') ? base : new URL(`${base.pathname}/`, base) };
}

/** GETs `target` of the sandbox at `base`; a failure to reach it is the console's 502. */
export async function fetchFromSandbox(
  base: URL,
  target: string,
): Promise<{ ok: true; response: Response } | { ok: false; result: ApiResult }> {
  try {
    const response = await fetch(new URL(target, base), { signal: AbortSignal.timeout(SANDBOX_TIMEOUT_MS) });
    return { ok: true, response };
  } catch (error) {
    const message = `cannot reach the sandbox at ${base.origin}: ${String(error)}`;
    return { ok: false, result: failWith(502, 'SANDBOX_UNREACHABLE', message) };
  }
}

const refuse = (message: string): SandboxBase => ({
  ok: false,
  result: failWith(400, 'BAD_REQUEST', message),
});

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}
