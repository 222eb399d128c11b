export * from './types';
export * from './decode-result';
export { decodeEventJson, encodeEventJson } from './event-json';
export { encodeResponseJson, toResponseJsonObject } from './response-json';
export { decodeResponseJson } from './response-json-decode';
export { decodeEventBinary } from './event-binary';
export { encodeResponseBinary } from './response-binary';
export * from './proto-files';
export { FIRED_RULES_HEADER, FIRED_RULES_TRAILER } from './fired-rules';
