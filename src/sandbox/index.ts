export * from './hosts';
export {
  buildSandboxSchema,
  checkSandboxScenario,
  loadSandboxScenario,
  type SandboxScenario,
} from './scenario';
export {
  FLOW_EVENTS,
  FLOW_NODES,
  VirtualClock,
  type SandboxWebhookTarget,
  type SessionReport,
  type TimelineEntry,
} from './flow';
export { formatPlayedScript, playIvrSteps, type PlayedScript } from './script';
export { describeSpeechRecognition } from './audio';
