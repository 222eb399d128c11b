export * from './webhook';
export { LocalWebhook, type LocalWebhookOptions } from './local-webhook';
export { EngineSimulator, type EngineSimulatorOptions, type SimulatedEvent } from './engine-simulator';
export * from './simulate-locally';
