export {
  DEFAULT_REPLAY_MAX_SESSIONS,
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
export { COMPARE_ON_CHOICES, type CompareOn } from './stats';
