export * from './core';
export type { CoreOptions } from './core-options';
export { answerByFailPolicy, RESULT_CODE_INTERNAL_ERROR, type FailPolicy } from './fail-policy';
export type { HostReply, HostRequest } from './host-request';
export { OTHER_EVENT, type RequestOutcome } from './core-metrics';
export { Readiness, type ReadinessStatus } from './readiness';
export { describeListening, formatHostPort, type RunningHost } from './running-host';
export * from './http';
export * from './grpc';
export {
  DEFAULT_MAX_INFLIGHT_EVENTS,
  EventAdmission,
  RETRY_AFTER_SECONDS,
  type AdmissionRefusal,
} from './event-admission';
export { DEFAULT_CLIENT_SHARE_PERCENT } from './client-counts';
export {
  DEFAULT_GRPC_LIMITS,
  DEFAULT_HTTP_LIMITS,
  type ConnectionLimits,
  type GrpcLimits,
  type HttpLimits,
} from './host-limits';
export type { RulesReload, RulesReloadReport } from './rules-reload';
export * from './security';
export { MAX_REQUEST_ID_CHARS, readRequestId, REQUEST_ID_HEADER } from './request-id';
