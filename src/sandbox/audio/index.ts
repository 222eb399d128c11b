export { createAudioProcessor } from './audio-processor';
export { DEFAULT_TEXT_VALIDATION_THRESHOLD } from './validate-text';
