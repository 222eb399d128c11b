export { createAudioProcessor } from './audio-processor';
export { DEFAULT_TEXT_VALIDATION_THRESHOLD } from './validate-text';
export { describeSpeechRecognition } from './recognized-transcript';
export { findSpeechRecognizer, type SpeechRecognizer } from './speech-recognizer';
