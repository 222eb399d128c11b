export * from './contract';
export * from './filter';
export * from './diagnostics';
export { WebhookCore } from './hosts/core';
export type { CoreOptions } from './hosts/core-options';
export type { HostReply, HostRequest } from './hosts/host-request';
export { emptyProcessor, type EventOutcome, type EventProcessor } from './processor/event-processor';
export { startHttpHost, createHttpHandler } from './hosts/http';
export { startGrpcHost } from './hosts/grpc';
export type { RunningHost } from './hosts/running-host';
export {
  BearerTokens,
  CallerAuth,
  readTlsFiles,
  type AuthSettings,
  type TlsFiles,
  type TlsSettings,
} from './hosts/security';
export { loadRules, type LoadOptions, type LoadResult } from './rules/load';
export { RuleBook } from './rules/compile/rule-book';
export { evaluateEvent, type Evaluation, type EvaluationContext } from './rules/evaluate/evaluate-event';
export { explainEvent, type RuleExplanation } from './rules/evaluate/explain-event';
export type { ConditionTrace } from './rules/compile/condition-trace';
export type { RulesetSpec, RuleSpec, ConditionSpec, LoadedRuleset } from './rules/spec';
export { RuleProcessor, DEFAULT_SESSION_KEY, type RuleProcessorOptions } from './processor/rule-processor';
export * from './session';
export { Metrics } from './observability/metrics';
export { createJsonLogger, silentLogger, type Logger } from './observability/logger';
