export { createIvrBot } from './ivr-bot';
export { RecordedMedia } from './recorded-media';
