import { DEFAULT_CLIENT_SHARE_PERCENT } from './client-counts';

/*
 * Bounds on what each host accepts from the network, every one a flag of `rulehook serve`. The defaults
 * suit a webhook that sees a few thousand events per second at most, of about 9 KB each, from an engine
 * in the same network; docs/operations.md ("What rulehook survives") gives the reasoning for each.
 */

/** Bounds both hosts have, each applied per host (HTTP and gRPC count separately). */
export interface ConnectionLimits {
  /** Open connections; one more is closed as soon as it is accepted (`--max-connections`). */
  maxConnections: number;
  /** A connection with no request in progress is closed after this long, in ms (`--idle-timeout`). */
  idleTimeoutMs: number;
  /** A request must have arrived whole within this long, in ms (`--request-timeout`). */
  requestTimeoutMs: number;
  /**
   * The percentage of `maxConnections` one remote address may hold (`--client-share`); one more from it is
   * closed as soon as it is accepted. 100: no share.
   */
  clientSharePercent: number;
}

export interface HttpLimits extends ConnectionLimits {
  /** The request line and headers must have arrived within this long, in ms (`--headers-timeout`). */
  headersTimeoutMs: number;
  /** Largest request line and headers, in bytes (`--max-header-bytes`). */
  maxHeaderBytes: number;
  /**
   * Most body bytes of the events in flight, all connections together (`--max-inflight-bytes`): a body counts
   * from before it is read until its answer is written.
   */
  maxInflightBytes: number;
}

export interface GrpcLimits extends ConnectionLimits {
  /** Calls in progress on one connection (HTTP/2 SETTINGS_MAX_CONCURRENT_STREAMS; `--max-streams`). */
  maxConcurrentStreams: number;
  /** Memory one HTTP/2 connection may use before new calls on it are refused, in MiB (`--grpc-conn-memory`). */
  connectionMemoryMib: number;
  /** Largest metadata of a call, in bytes as HTTP/2 sizes a header list (`--max-header-bytes`). */
  maxMetadataBytes: number;
}

/** The one bound on request headers: HTTP's, and gRPC's metadata (`--max-header-bytes`). */
const MAX_HEADER_BYTES = 16_384;

const CONNECTION_DEFAULTS: ConnectionLimits = {
  maxConnections: 4096,
  idleTimeoutMs: 30_000,
  requestTimeoutMs: 10_000,
  clientSharePercent: DEFAULT_CLIENT_SHARE_PERCENT,
};

export const DEFAULT_HTTP_LIMITS: Readonly<HttpLimits> = Object.freeze({
  ...CONNECTION_DEFAULTS,
  headersTimeoutMs: 5_000,
  maxHeaderBytes: MAX_HEADER_BYTES,
  maxInflightBytes: 64 * 1024 * 1024,
});

export const DEFAULT_GRPC_LIMITS: Readonly<GrpcLimits> = Object.freeze({
  ...CONNECTION_DEFAULTS,
  maxConcurrentStreams: 500,
  connectionMemoryMib: 10,
  maxMetadataBytes: MAX_HEADER_BYTES,
});
