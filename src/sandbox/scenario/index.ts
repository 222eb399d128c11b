export { buildSandboxSchema } from './sandbox-schema';
export {
  checkSandboxScenario,
  loadSandboxScenario,
  type LoadedSandboxScenario,
} from './load-sandbox-scenario';
export { findOutcome, MEDIA_URN_PREFIX, type SandboxMedia, type SandboxScenario } from './sandbox-scenario';
export { readWavHeader, type WavHeader } from './read-wav-header';
export type * from './scenario-spec';
export { FLOW_NODES } from './scenario-spec';
export { ENROLL_AUDIO_DEFAULTS } from './check-flow-timing';
