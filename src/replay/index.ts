export {
  DEFAULT_REPLAY_MAX_SESSIONS,
  MAX_REPLAY_WORKERS,
  PARALLEL_FROM_BYTES,
  runReplay,
  type ReplayControl,
  type ReplayFormat,
  type ReplayOptions,
} from './run';
export {
  parseTargetUrl,
  TARGET_TOKEN_ENV,
  type TargetAccessFiles,
  type TargetKind,
  type TargetUrl,
} from './lanes';
