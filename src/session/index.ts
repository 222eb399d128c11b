export * from './session-state';
export * from './session-store';
export { MemorySessionStore, type MemoryStoreOptions } from './memory-store';
export { RedisSessionStore, type RedisStoreOptions } from './redis-store';
export { redactUrl } from './redact-url';
export { checkStateSetting, createSessionStore, type StoreSettings } from './create-store';
export { createFingerprint, type Fingerprint } from './fingerprint';
export * from './carried-state';
export { StateSeal } from './state-seal';
