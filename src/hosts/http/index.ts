export { createHttpHandler, type HttpHandlerOptions } from './handler';
export { startHttpHost, type HttpHostOptions } from './server';
