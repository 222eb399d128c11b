export { createHttpHandler, type HttpHandlerOptions } from './handler';
export { startHttpHost, type HttpHostOptions } from './server';
export { FIRED_RULES_HEADER } from './event-endpoint';
