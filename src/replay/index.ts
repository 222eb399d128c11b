export {
  DEFAULT_REPLAY_MAX_SESSIONS,
  MAX_REPLAY_WORKERS,
  PARALLEL_FROM_BYTES,
  runReplay,
  type ReplayControl,
  type ReplayFormat,
  type ReplayOptions,
} from './run';
export type { TargetKind } from './lanes/create-lanes';
export { TARGET_TOKEN_ENV, type TargetAccessFiles } from './lanes/target-access';
export { parseTargetUrl, type TargetUrl } from './lanes/target-url';
export { COMPARE_ON_CHOICES, type CompareOn } from './stats/compare-outcomes';
