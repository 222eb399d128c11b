import type { Type } from 'protobufjs';
import { loadProtoRoot } from './load-proto-root';
import { WEBHOOK_PROTO } from './proto-files';

/** The webhook messages as protobufjs types, built from the shipped .proto files. */
export interface WebhookTypes {
  Event: Type;
  CustomLogicResponse: Type;
}

let loaded: WebhookTypes | undefined;

/** Builds the webhook messages from proto/ once, on first use (reading the files costs a few milliseconds). */
export function loadWebhookTypes(): WebhookTypes {
  if (loaded !== undefined) return loaded;
  const root = loadProtoRoot([WEBHOOK_PROTO]);
  loaded = {
    Event: root.lookupType('vendor.biosec.v1.Event'),
    CustomLogicResponse: root.lookupType('vendor.biosec.v1.CustomLogicResponse'),
  };
  return loaded;
}
