import { HTTP_EVENT_PATH } from '../../contract/proto-files';
import { ADMIN_RELOAD_PATH } from './admin-routes';

/** Paths the host serves, with their allowed methods (for 405, OPTIONS and the Allow header). */
export const HTTP_ROUTES: Readonly<Record<string, readonly string[]>> = {
  [HTTP_EVENT_PATH]: ['POST'],
  '/healthz': ['GET', 'HEAD'],
  '/readyz': ['GET', 'HEAD'],
  '/metrics': ['GET', 'HEAD'],
  [ADMIN_RELOAD_PATH]: ['POST'],
};

/**
 * The route a request URL names: the path without its query and without one
 * trailing slash (`/v1/events/?x=1` is `/v1/events`), as users expect.
 * Paths stay case-sensitive.
 */
export function routePath(target: string): string {
  const url = target.startsWith('/') ? target : toOriginForm(target);
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/**
 * The path of an absolute-form request target (`POST http://host/v1/events HTTP/1.1`, as proxies send),
 * as express routes it; anything else unchanged (no route matches it).
 */
function toOriginForm(target: string): string {
  if (!/^https?:\/\//i.test(target)) return target;
  try {
    const url = new URL(target);
    return url.pathname + url.search;
  } catch {
    return target;
  }
}

/** True when `url` is the event endpoint, with or without a query or a trailing slash. */
export function isEventUrl(url: string): boolean {
  return url === HTTP_EVENT_PATH || routePath(url) === HTTP_EVENT_PATH;
}

/** The served path that `path` differs from only by case (`/V1/EVENTS`), if any: for the 404's "did you mean". */
export function suggestRoute(path: string): string | undefined {
  const wanted = routePath(path).toLowerCase();
  return Object.keys(HTTP_ROUTES).find((route) => route.toLowerCase() === wanted);
}
