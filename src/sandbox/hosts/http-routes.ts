import type { JsonMessage } from '../wire/proto-json';
import { compilePathTemplate, type PathMatcher } from './match-path';
import type { ServedMethod } from './sandbox-services';
import type { HttpBinding } from './service-bindings';

export interface HttpRoute {
  method: ServedMethod;
  binding: HttpBinding;
  match: PathMatcher;
}

/** Every HTTP binding of every method, in the protos' order. */
export function listHttpRoutes(methods: readonly ServedMethod[]): HttpRoute[] {
  return methods.flatMap((method) =>
    method.binding.http.map((binding) => ({ method, binding, match: compilePathTemplate(binding.template) })),
  );
}

/** The route for a verb and path; `allowed`: the verbs of the path when none is for this verb. */
export function findRoute(
  routes: readonly HttpRoute[],
  verb: string,
  path: string,
): { route: HttpRoute; variables: Record<string, string> } | { allowed: string[] } {
  const allowed: string[] = [];
  for (const route of routes) {
    const variables = route.match(path);
    if (variables === undefined) continue;
    if (route.binding.verb === verb) return { route, variables };
    allowed.push(route.binding.verb);
  }
  return { allowed };
}

/**
 * The request of an HTTP call as proto3 JSON, as `google.api.http` assigns
 * fields: the body (`body: "*"`) or the query string (no body; `a.b=v` sets a
 * nested field, a repeated key a list), then the path variables, which win.
 */
export function assembleRequest(
  binding: HttpBinding,
  variables: Record<string, string>,
  query: URLSearchParams,
  body: unknown,
): unknown {
  if (binding.body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body)))
    return body;
  const request: JsonMessage = binding.body === undefined ? readQuery(query) : { ...(body as JsonMessage) };
  for (const [name, value] of Object.entries(variables)) setPath(request, name.split('.'), value);
  return request;
}

function readQuery(query: URLSearchParams): JsonMessage {
  const request: JsonMessage = {};
  for (const key of new Set(query.keys())) {
    const values = query.getAll(key);
    setPath(request, key.split('.'), values.length === 1 ? values[0] : values);
  }
  return request;
}

function setPath(target: JsonMessage, path: readonly string[], value: unknown): void {
  const [head, ...rest] = path;
  if (head === undefined) return;
  if (rest.length === 0) {
    target[head] = value;
    return;
  }
  const child = target[head];
  const next =
    typeof child === 'object' && child !== null && !Array.isArray(child) ? (child as JsonMessage) : {};
  target[head] = next;
  setPath(next, rest, value);
}
