export * from './recorder';
export * from './recording-file-system';
export * from './redact-variables';
export * from './rotate-recording';
export * from './create-recorder';
export * from './decision-log';
export { BufferedLineFile, type BufferedLineFileOptions, type LineFileCounters } from './buffered-line-file';
