export { CallSession } from './call-session';
export { describeDecision } from './describe-decision';
export { FLOW_EVENTS, FLOW_NODES, ACTION_NODES, type FlowNode } from './flow-catalog';
export { DEFAULT_FLOW_TIMING, readFlowTiming, type FlowTiming } from './flow-timing';
export { endCall, identifyPerson, receiveOptIn, startCall } from './flow-operations';
export type { SandboxWebhookTarget } from './sandbox-webhook';
export type { SessionReport, TimelineEntry } from './session-timeline';
export { SessionStore, type SessionFlowOptions } from './session-store';
export { driveClock, VirtualClock } from './virtual-clock';
