export { createHttpHandler, type HttpHandlerOptions } from './handler';
export { startHttpHost, type HttpHostOptions } from './server';
export { ADMIN_RELOAD_PATH } from './admin-routes';
