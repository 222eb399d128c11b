export { formatPlayedScript } from './format-script';
export {
  MAX_DECISION_WAIT_SECONDS,
  playIvrSteps,
  type PlayedScript,
  type PlayedStep,
} from './play-ivr-steps';
