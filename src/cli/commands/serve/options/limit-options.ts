import { DEFAULT_EVENT_LIMITS, type EventLimits } from '../../../../contract/event-limits';
import { DEFAULT_CLIENT_SHARE_PERCENT } from '../../../../hosts/client-counts';
import {
  DEFAULT_GRPC_LIMITS,
  DEFAULT_HTTP_LIMITS,
  type GrpcLimits,
  type HttpLimits,
} from '../../../../hosts/host-limits';
import { DEFAULT_MAX_INFLIGHT_EVENTS } from '../../../../hosts/event-admission';
import { defineString, type HelpText, type OptionValues } from '../../../options/define-options';
import { parsePercent, parsePositiveInt } from '../../../options/parse-values';

/** Every bound `serve` puts on what callers send: docs/operations.md, "What rulehook survives". */
export interface ServeLimits {
  event: EventLimits;
  /** Events in flight, both hosts together. */
  maxInflightEvents: number;
  /** The percentage of the events in flight, and of each host's connections, one remote address may hold. */
  clientSharePercent: number;
  http: HttpLimits;
  grpc: GrpcLimits;
}

const count = (help: HelpText, defaultValue: number) =>
  defineString({ value: 'N', parse: parsePositiveInt, default: defaultValue, help });
const ms = (help: HelpText, defaultValue: number) =>
  defineString({ value: 'MS', parse: parsePositiveInt, default: defaultValue, help });

/** The options of `rulehook serve` that bound events, connections and load. */
export const LIMIT_OPTIONS = {
  'max-message-bytes': count('largest accepted event, both hosts', 1_048_576),
  'max-variables': count('most session variables in one event', DEFAULT_EVENT_LIMITS.maxVariables),
  'max-key-bytes': count('longest session variable name, in bytes', DEFAULT_EVENT_LIMITS.maxKeyBytes),
  'max-value-bytes': count('longest session variable value, in bytes', DEFAULT_EVENT_LIMITS.maxValueBytes),
  'max-inflight-events': count(
    [
      'events being received or processed at once, both hosts together;',
      'more get HTTP 429, gRPC RESOURCE_EXHAUSTED',
    ],
    DEFAULT_MAX_INFLIGHT_EVENTS,
  ),
  'max-inflight-bytes': count(
    'HTTP: body bytes of the events in flight; more get 429',
    DEFAULT_HTTP_LIMITS.maxInflightBytes,
  ),
  'client-share': defineString({
    value: 'PERCENT',
    parse: parsePercent,
    default: DEFAULT_CLIENT_SHARE_PERCENT,
    help: [
      'most of --max-inflight-events and of --max-connections one remote',
      'address may hold, in percent; 100: no share',
    ],
  }),
  'max-connections': count(
    'open connections per host; more are closed at once',
    DEFAULT_HTTP_LIMITS.maxConnections,
  ),
  'idle-timeout': ms(
    'close a connection idle this long (HTTP keep-alive, gRPC)',
    DEFAULT_HTTP_LIMITS.idleTimeoutMs,
  ),
  'headers-timeout': ms(
    'HTTP: time for the request headers to arrive (408)',
    DEFAULT_HTTP_LIMITS.headersTimeoutMs,
  ),
  'request-timeout': ms(
    ['time for a whole request to arrive', '(HTTP 408, gRPC DEADLINE_EXCEEDED)'],
    DEFAULT_HTTP_LIMITS.requestTimeoutMs,
  ),
  'max-header-bytes': count(
    'largest request headers: HTTP 431, gRPC metadata RESOURCE_EXHAUSTED',
    DEFAULT_HTTP_LIMITS.maxHeaderBytes,
  ),
  'max-streams': count('gRPC: calls at once on one connection', DEFAULT_GRPC_LIMITS.maxConcurrentStreams),
  'grpc-conn-memory': defineString({
    value: 'MIB',
    parse: parsePositiveInt,
    default: DEFAULT_GRPC_LIMITS.connectionMemoryMib,
    help: 'gRPC: memory per connection before new calls on it are refused',
  }),
};

/**
 * The bounds asked for, or why they do not go together. `servesHttp`: whether the HTTP host runs, the only
 * one `--max-inflight-bytes` applies to.
 */
export function checkLimitSettings(
  v: OptionValues<typeof LIMIT_OPTIONS>,
  servesHttp: boolean,
): { ok: true; limits: ServeLimits } | { ok: false; message: string } {
  if (v['headers-timeout'] > v['request-timeout']) {
    return {
      ok: false,
      message: `--headers-timeout (${v['headers-timeout']} ms) must not be longer than --request-timeout (${v['request-timeout']} ms): the headers are part of the request`,
    };
  }
  // Otherwise a body between the two would be refused with a retryable 429 forever, instead of a 413.
  if (servesHttp && v['max-inflight-bytes'] < v['max-message-bytes']) {
    return {
      ok: false,
      message: `--max-inflight-bytes (${v['max-inflight-bytes']}) must not be smaller than --max-message-bytes (${v['max-message-bytes']}): an HTTP body of an allowed size could never be read`,
    };
  }
  const connection = {
    maxConnections: v['max-connections'],
    idleTimeoutMs: v['idle-timeout'],
    requestTimeoutMs: v['request-timeout'],
    clientSharePercent: v['client-share'],
  };
  return {
    ok: true,
    limits: {
      event: {
        maxVariables: v['max-variables'],
        maxKeyBytes: v['max-key-bytes'],
        maxValueBytes: v['max-value-bytes'],
      },
      maxInflightEvents: v['max-inflight-events'],
      clientSharePercent: v['client-share'],
      http: {
        ...connection,
        headersTimeoutMs: v['headers-timeout'],
        maxHeaderBytes: v['max-header-bytes'],
        maxInflightBytes: v['max-inflight-bytes'],
      },
      grpc: {
        ...connection,
        maxConcurrentStreams: v['max-streams'],
        connectionMemoryMib: v['grpc-conn-memory'],
        maxMetadataBytes: v['max-header-bytes'],
      },
    },
  };
}
