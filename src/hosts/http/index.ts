export { createHttpHandler, type HttpHandlerOptions } from './handler';
export { startHttpHost, type HttpHostOptions } from './server';
export { ADMIN_RELOAD_PATH } from './admin-routes';
export { readJsonBody, type BodyRead } from './read-body';
export { InflightBytes } from './bound-inflight-bytes';
export type { HttpError } from './errors';
