import path from 'node:path';
import { Root, type Type } from 'protobufjs';
import { PROTO_ROOT, WEBHOOK_PROTO } from './proto-files';

/** The webhook messages as protobufjs types, built from the shipped .proto files. */
export interface WebhookTypes {
  Event: Type;
  CustomLogicResponse: Type;
}

let loaded: WebhookTypes | undefined;

/**
 * Builds the webhook messages from proto/ once, on first use (reading the
 * files costs a few milliseconds). `google/protobuf/*` comes from the copy
 * protobufjs ships; field names are kept as written (snake_case).
 */
export function loadWebhookTypes(): WebhookTypes {
  if (loaded !== undefined) return loaded;
  const protobufjsDir = path.dirname(require.resolve('protobufjs/package.json'));
  const root = new Root();
  root.resolvePath = (_origin, target) =>
    path.isAbsolute(target)
      ? target
      : path.join(target.startsWith('google/protobuf/') ? protobufjsDir : PROTO_ROOT, target);
  root.loadSync(WEBHOOK_PROTO, { keepCase: true });
  root.resolveAll();
  loaded = {
    Event: root.lookupType('vendor.biosec.v1.Event'),
    CustomLogicResponse: root.lookupType('vendor.biosec.v1.CustomLogicResponse'),
  };
  return loaded;
}
