import type { Diagnostic } from './types';

/** An answer of the console's API: the JSON body, or why there is none. */
export type ApiAnswer<T> =
  { ok: true; body: T } | { ok: false; status: number; message: string; diagnostics?: Diagnostic[] };

const BASE = new URL('api/', new URL('.', window.location.href)).pathname;

/** The path of an API endpoint, relative to the page so that a proxy may mount the console anywhere. */
export function toApiPath(endpoint: string): string {
  return BASE + endpoint;
}

/** GET or POST (with a JSON body) an endpoint; 4xx/5xx bodies `{error}` and 422's `{diagnostics}` are data. */
export async function callApi<T>(endpoint: string, body?: unknown): Promise<ApiAnswer<T>> {
  let response: Response;
  try {
    response = await fetch(
      toApiPath(endpoint),
      body === undefined
        ? { headers: { accept: 'application/json' } }
        : {
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: 'application/json' },
            body: JSON.stringify(body),
          },
    );
  } catch (error) {
    return { ok: false, status: 0, message: `cannot reach the console: ${String(error)}` };
  }
  const json = (await response.json().catch(() => undefined)) as
    (T & { error?: { code?: string; message?: string }; diagnostics?: Diagnostic[] }) | undefined;
  if (response.ok && json !== undefined) return { ok: true, body: json };
  const message =
    json?.error?.message ??
    (json?.diagnostics !== undefined ? 'the rules have errors' : `HTTP ${response.status}`);
  return { ok: false, status: response.status, message, diagnostics: json?.diagnostics };
}
