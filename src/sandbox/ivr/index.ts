export { createIvrBot } from './ivr-bot';
