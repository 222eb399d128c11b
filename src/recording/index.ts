export * from './recorder';
export * from './redact-variables';
export * from './rotate-recording';
export * from './create-recorder';
