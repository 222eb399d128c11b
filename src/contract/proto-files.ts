import path from 'node:path';
import { PACKAGE_ROOT } from '../package-root';

/** Where the .proto files live: `proto/` at the package root. */
export const PROTO_ROOT = path.join(PACKAGE_ROOT, 'proto');

/** The webhook service, relative to PROTO_ROOT. */
export const WEBHOOK_PROTO = 'vendor/biosec/v1/custom_business_logic.proto';

export const WEBHOOK_SERVICE = 'vendor.biosec.v1.CustomBusinessLogic';
export const ON_EVENT_PATH = `/${WEBHOOK_SERVICE}/OnEvent`;

/** OnEvent over HTTP: `POST` to this path (the proto's `google.api.http` option). */
export const HTTP_EVENT_PATH = '/v1/events';

/** The IVR bot and audio processing services, relative to PROTO_ROOT. */
export const IVR_BOT_PROTO = 'vendor/biosec/v1/ivr_bot.proto';
export const AUDIO_PROCESSOR_PROTO = 'vendor/biosec/v1/audio_processor.proto';
export const IVR_BOT_SERVICE = 'vendor.biosec.v1.IVRBot';
export const AUDIO_PROCESSOR_SERVICE = 'vendor.biosec.v1.AudioProcessor';
