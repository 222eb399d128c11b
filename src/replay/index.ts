export {
  DEFAULT_REPLAY_MAX_SESSIONS,
  runReplay,
  type ReplayControl,
  type ReplayFormat,
  type ReplayOptions,
} from './run';
export { parseTargetUrl, type TargetKind, type TargetUrl } from './lanes';
