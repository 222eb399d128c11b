export * from './event-processor';
export * from './rule-processor';
export * from './session-step';
