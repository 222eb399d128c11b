import type { Logger } from '../../observability/logger';
import type { Counter, Metrics } from '../../observability/metrics';
import { RateLimitedLog } from '../../observability/rate-limited-log';
import type { BearerTokens } from './bearer-tokens';

/** Why a call was refused: it carried no `authorization`, or one that is not a known bearer token. */
export type AuthFailure = 'missing' | 'invalid';

export type Transport = 'http' | 'grpc';

/** What a call asks for: the webhook (and anything else), a probe (health, readiness), or the metrics. */
export type Endpoint = 'webhook' | 'probe' | 'metrics';

export interface AuthSettings {
  tokens: BearerTokens;
  /** `--auth-probes`: probes need a token too (default: open, as load balancers probe without one). */
  protectProbes: boolean;
  /**
   * `/metrics` needs a token (default; `--metrics-open` opens it): its counters name the rules that fired, by
   * rule set and rule, which a scrape before and after a probe event would pin down.
   */
  protectMetrics: boolean;
}

/** `Bearer <token>`, the scheme in any case (RFC 9110 11.1), one or more spaces, blanks around ignored. */
const BEARER = /^\s*bearer +(\S+)\s*$/i;

/** `Basic <base64 of user:password>` (RFC 7617): the console's page in a browser, its token as the password. */
const BASIC = /^\s*basic +([A-Za-z0-9+/]+=*)\s*$/i;

/**
 * Bearer-token authentication shared by both hosts (`--auth-tokens-file`): every call must carry
 * `authorization: Bearer <token>` with a token of the set, except the endpoints left open. Hosts check it
 * before anything else of a call is read or admitted. Refusals are counted and logged at most once per
 * interval; a token is never logged.
 */
export class CallerAuth {
  /** By transport, then reason; bound once, so a refusal costs one lookup and an increment. */
  private readonly failures: Record<Transport, Record<AuthFailure, Counter>>;
  private readonly log: RateLimitedLog;

  constructor(
    private readonly settings: AuthSettings,
    metrics: Metrics,
    logger: Logger,
  ) {
    const counter = metrics.labeledCounter(
      'rulehook_auth_failures_total',
      'Calls refused for want of a valid bearer token (HTTP 401, gRPC UNAUTHENTICATED), by transport and reason (missing, invalid).',
      ['transport', 'reason'],
    );
    const byReason = (transport: Transport) => ({
      missing: counter.labels(transport, 'missing'),
      invalid: counter.labels(transport, 'invalid'),
    });
    this.failures = { http: byReason('http'), grpc: byReason('grpc') };
    this.log = new RateLimitedLog(logger, 'warn', 'call refused: no valid bearer token');
  }

  /** The token set, whose `reload()` re-reads the tokens file. */
  get tokens(): BearerTokens {
    return this.settings.tokens;
  }

  /** Whether a call to `endpoint` must carry a token. */
  requiresToken(endpoint: Endpoint): boolean {
    if (endpoint === 'probe') return this.settings.protectProbes;
    if (endpoint === 'metrics') return this.settings.protectMetrics;
    return true;
  }

  /**
   * Checks a call's `authorization` value: undefined when accepted, else why it is refused (counted, logged).
   * `basic`: HTTP Basic is accepted too, a token of the set as its password (any user name): what a browser
   * asks for itself and sends with every request of the page (`serve --console`).
   */
  check(
    transport: Transport,
    authorization: string | undefined,
    peer?: string,
    basic = false,
  ): AuthFailure | undefined {
    const failure = this.judge(authorization, basic);
    if (failure === undefined) return undefined;
    this.failures[transport][failure].inc();
    this.log.log({ transport, reason: failure, ...(peer === undefined ? {} : { peer }) });
    return failure;
  }

  private judge(authorization: string | undefined, basic: boolean): AuthFailure | undefined {
    if (authorization === undefined || authorization.trim() === '') return 'missing';
    const token = BEARER.exec(authorization)?.[1] ?? (basic ? readBasicPassword(authorization) : undefined);
    return token !== undefined && this.settings.tokens.matches(token) ? undefined : 'invalid';
  }
}

/** What a refused caller is told, in both hosts' terms. */
export function describeAuthFailure(failure: AuthFailure, header: string): string {
  return failure === 'missing'
    ? `this server requires a bearer token: send ${header}: Bearer <token>`
    : 'the bearer token is not valid';
}

/** The password of a Basic `authorization` value; undefined when it is not one. */
function readBasicPassword(authorization: string): string | undefined {
  const encoded = BASIC.exec(authorization)?.[1];
  if (encoded === undefined) return undefined;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon === -1 ? undefined : decoded.slice(colon + 1);
}
