export * from './contract';
export * from './filter';
export * from './diagnostics';
export {
  WebhookCore,
  emptyProcessor,
  type EventOutcome,
  type EventProcessor,
  type CoreOptions,
} from './hosts/core';
export { startHttpHost, createHttpHandler, FIRED_RULES_HEADER } from './hosts/http';
export { startGrpcHost, FIRED_RULES_TRAILER } from './hosts/grpc';
export type { RunningHost } from './hosts/running-host';
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
