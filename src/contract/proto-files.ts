import path from 'node:path';

/**
 * Where the .proto files live: `proto/` at the package root. This file sits at
 * the same depth in `src/` (ts-jest) and `dist/` (built), so one relative path serves both.
 */
export const PROTO_ROOT = path.resolve(__dirname, '..', '..', 'proto');

/** The webhook service, relative to PROTO_ROOT. */
export const WEBHOOK_PROTO = 'vendor/biosec/v1/custom_business_logic.proto';

export const WEBHOOK_SERVICE = 'vendor.biosec.v1.CustomBusinessLogic';
export const ON_EVENT_PATH = `/${WEBHOOK_SERVICE}/OnEvent`;
