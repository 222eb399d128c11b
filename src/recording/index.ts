export * from './recorder';
export * from './recording-file-system';
export * from './redact-variables';
export * from './rotate-recording';
export * from './create-recorder';
