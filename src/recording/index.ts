export * from './recorder';
export * from './recording-file-system';
export * from './hash-values';
export * from './redact-variables';
export { createLogMask, MIN_SEARCHED_VALUE_CHARS } from './log-mask';
export * from './rotate-recording';
export * from './create-recorder';
export * from './decision-log';
export { BufferedLineFile, type BufferedLineFileOptions, type LineFileCounters } from './buffered-line-file';
