import type { Readiness } from '../../hosts/readiness';
import type { JsonMessage } from '../wire/proto-json';
import { OK_STATUS, StatusFailure } from '../wire/status';
import type { SandboxState } from './sandbox-state';
import { parseSessionQuery } from './session-query';

/** An answer of a sandbox-only endpoint: its body, and its HTTP status when not the one of the body's `status`. */
export interface SandboxOnlyAnswer {
  body: JsonMessage;
  httpStatus?: number;
}

/** A path of the sandbox's HTTP host that is no binding of the platform's services. */
export interface SandboxOnlyRoute {
  verb: 'GET' | 'POST';
  /** Matches the whole path; its groups are handed to `answer`, percent-decoded. */
  pattern: RegExp;
  answer(groups: readonly string[], query: URLSearchParams): SandboxOnlyAnswer;
}

const failed = (failure: StatusFailure): SandboxOnlyAnswer => ({ body: { status: failure.toStatus() } });

/**
 * The sandbox-only endpoints (docs/sandbox.md): the probes `serve` has too (`/healthz`, `/readyz`, same
 * names and bodies), and the developer's view of the sandbox's state: the sessions, a session's timeline,
 * a reset. None is part of the platform's services.
 */
export function listSandboxOnlyRoutes(state: SandboxState, readiness: Readiness): SandboxOnlyRoute[] {
  return [
    { verb: 'GET', pattern: /^\/healthz$/, answer: () => ({ body: { status: 'ok' }, httpStatus: 200 }) },
    {
      verb: 'GET',
      pattern: /^\/readyz$/,
      answer: () => ({
        body: { status: readiness.status },
        httpStatus: readiness.status === 'ready' ? 200 : 503,
      }),
    },
    {
      verb: 'GET',
      pattern: /^\/v1\/sandbox\/sessions$/,
      answer: (_groups, query) => {
        const parsed = parseSessionQuery(query);
        if (!parsed.ok) return failed(new StatusFailure('BAD_REQUEST', parsed.message, parsed.parameter));
        return { body: { status: OK_STATUS, sessions: state.sessions.list(parsed.filter) } };
      },
    },
    {
      verb: 'GET',
      pattern: /^\/v1\/sandbox\/sessions\/([^/]+)$/,
      answer: ([id]) => {
        const report = state.sessions.get(id!)?.report();
        if (report === undefined) return failed(new StatusFailure('NOT_FOUND', `no call session '${id}'`));
        return { body: { status: OK_STATUS, ...report } };
      },
    },
    {
      verb: 'POST',
      pattern: /^\/v1\/sandbox\/reset$/,
      answer: () => ({ body: { status: OK_STATUS, reset: state.reset() } }),
    },
  ];
}

/** The route of a path: the one for the verb, else the verbs the path has (none: not a sandbox-only path). */
export function findSandboxOnlyRoute(
  routes: readonly SandboxOnlyRoute[],
  verb: string,
  path: string,
): { route: SandboxOnlyRoute; groups: string[] } | { allowed: string[] } {
  const allowed: string[] = [];
  for (const route of routes) {
    const match = route.pattern.exec(path);
    if (match === null) continue;
    // HEAD is GET without the body, as `serve`'s probes take it (node:http leaves the body out).
    if (route.verb === verb || (verb === 'HEAD' && route.verb === 'GET'))
      return { route, groups: match.slice(1).map(decodeSegment) };
    allowed.push(...(route.verb === 'GET' ? ['GET', 'HEAD'] : [route.verb]));
  }
  return { allowed };
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
